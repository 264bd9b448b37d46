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
        Question := AITTestContext.GetQuestion().ValueAsText();
        Message('GetQuestion() in a text stays');
        Question := AITTestContext.GetQuestion ( ).ValueAsText();
    end;

    procedure GetQuestion(): Text
    begin
        exit(Helper.GetQuestion(x));
    end;
}
