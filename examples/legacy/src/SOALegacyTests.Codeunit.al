codeunit 50120 "SOA Legacy Tests"
{
    Subtype = Test;
    TestPermissions = Disabled;

    [Test]
    procedure QuotesAndOrders()
    var
        AITTestContext: Codeunit "AIT Test Context";
        Request: Text;
    begin
        // Legacy accessor; `datasets migrate` rewrites it to GetQuery().
        Request := AITTestContext.GetQuestion().ValueAsText();
        AITTestContext.SetTestOutput(Request);
    end;
}
