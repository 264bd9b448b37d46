"""Objects, properties, variables and the keys a test codeunit reads (look-alike apps)."""

from __future__ import annotations

from al_samples import AGENT_LIBRARY, AGENT_SUGGESTIONS, AGENT_TEST, COPILOT_TEST

from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode
from ait_datasets.al.suggestions import offered_codes


def app(**files: str) -> AppCode:
    return AppCode([read_al(name, text) for name, text in files.items()])


def test_codeunit_header_and_properties() -> None:
    (obj,) = read_al("t.al", AGENT_TEST).objects
    assert (obj.kind, obj.id, obj.name, obj.line) == ("codeunit", 50140, "ORD Agent Accuracy", 5)
    props = {k: p.value for k, p in obj.properties.items()}
    assert props == {
        "subtype": "Test",
        "testtype": "AITest",
        "testpermissions": "Disabled",
        "requiredtestisolation": "Disabled",
    }
    assert obj.properties["requiredtestisolation"].line == 10


def test_variables_name_their_codeunits_and_labels() -> None:
    (obj,) = read_al("lib.al", AGENT_LIBRARY).objects
    assert obj.variables["aittestcontext"].subtype == "AIT Test Context"
    assert obj.variables["releasedtok"].label == "released_orders"
    check = next(p for p in obj.procedures if p.name == "CheckOrders")
    assert check.params[0].name == "Reason"
    assert check.locals["expected"].subtype == "Test Input Json"


def test_procedures_attributes_and_bodies() -> None:
    (obj,) = read_al("t.al", AGENT_TEST).objects
    names = {p.name: p.attributes for p in obj.procedures}
    assert names == {"RunScenario": ("test",), "Initialize": (), "PrepareTurn": ()}


def test_reads_follow_assignments_labels_and_other_codeunits() -> None:
    code = app(**{"test.al": AGENT_TEST, "lib.al": AGENT_LIBRARY})
    reads = {(r.root, r.path, r.key, r.required, r.file, r.line) for r in code.reach(50140).reads}
    assert reads == {
        # OrdLibrary.CreateOrders(TurnSetup) after GetTurnSetup(TurnSetup): by parameter.
        ("turn_setup", (), "create_sales_order", False, "lib.al", 12),
        # Orders.ElementAt(I) passed on to CreateOrder.
        ("turn_setup", ("create_sales_order", "*"), "Sell-to Customer No.", True, "lib.al", 21),
        # Expected := AITTestContext.GetExpectedData(); in the library's own procedure.
        ("expected_data", (), "released_orders", True, "lib.al", 30),
    }


def test_calls_of_library_agent_are_recorded_with_their_receiver() -> None:
    code = app(**{"test.al": AGENT_TEST, "lib.al": AGENT_LIBRARY})
    calls = {(c.method, c.receiver_type) for c in code.reach(50140).calls}
    assert ("runturnandwait", "library - agent") in calls
    assert ("finalizeturn", "library - agent") in calls
    assert ("getagentundertest", "library - agent") in calls


def test_obsolete_get_question_and_its_text_read() -> None:
    reach = app(**{"c.al": COPILOT_TEST}).reach(50150)
    calls = [(c.method, c.receiver_type, c.line) for c in reach.calls]
    assert ("getquestion", "ait test context", 11) in calls
    assert [(v.root, v.path, line) for v, _, line, _ in reach.texts] == [("query", (), 11)]


def test_a_key_in_a_variable_makes_the_value_opaque() -> None:
    text = """codeunit 50160 "T" { Subtype = Test;
    procedure X(Name: Text) var D: Codeunit "Test Input Json"; begin
        D := Ctx.GetExpectedData(); D.Element(Name); end;
    var Ctx: Codeunit "AIT Test Context"; }"""
    reach = app(**{"t.al": text}).reach(50160)
    assert reach.reads == [] and ("expected_data", ()) in reach.opaque


def test_a_value_handed_outside_the_app_is_opaque() -> None:
    text = """codeunit 50161 "T" {
    procedure X() begin Agent.ValidateInterventionRequest(Task, Ctx.GetExpectedData()); end;
    var Ctx: Codeunit "AIT Test Context"; Agent: Codeunit "Library - Agent";
        Task: Record "Agent Task"; }"""
    assert ("expected_data", ()) in app(**{"t.al": text}).reach(50161).opaque


def test_recursion_and_broken_text_terminate() -> None:
    text = """codeunit 50162 "T" {
    procedure A(V: Codeunit "Test Input Json") begin A(V.Element('x')); B(V; end;
    procedure B(V: Codeunit "Test Input Json") begin A(Ctx.GetTurnSetup()); end
    var Ctx: Codeunit "AIT Test Context";"""
    reach = app(**{"t.al": text}).reach(50162)
    assert ("turn_setup", (), "x") in {(r.root, r.path, r.key) for r in reach.reads}


def test_suggestion_codes_offered() -> None:
    offered = offered_codes([read_al("s.al", AGENT_SUGGESTIONS)])
    assert offered.patterns == ["ORD-CUSTOMER-ADDED", "ORD-UPDATE-ORDER", "ORD-SHIP"]
    assert not offered.open
    assert offered.offers("ord-ship") and not offered.offers("ORD-SHIPPED")


def test_a_computed_suggestion_code_leaves_the_set_open() -> None:
    text = """codeunit 50170 "S" {
    procedure P(var S: Record "Agent Task User Int Suggestion"; C: Code[20])
    begin S.Code := C; end; }"""
    assert offered_codes([read_al("s.al", text)]).open
