codeunit 50100 T
{
    procedure Run()
    begin
        Bemærk := TestInput.GetQuestion().ValueAsText();
    end;
}
