codeunit 50100 T
{
    procedure Run()
    begin
        Msg := TestInput.GetQuestion().ValueAsText();
    end;
}
