codeunit 50100 "Sales Agent Tests"
{
    Subtype = Test;

    [Test]
    procedure CreateOrder()
    var
        AITTestContext: Codeunit "AIT Test Context";
        Question: Text;
    begin
        // AITTestContext.GetQuestion() in a comment stays
        Question := AITTestContext.GetQuery().ValueAsText();
        Message('GetQuestion() in a text stays');
        Question := AITTestContext.GetQuery ( ).ValueAsText();
    end;

    procedure GetQuestion(): Text
    begin
        exit(Helper.GetQuestion(x));
    end;
}
