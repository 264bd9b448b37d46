"""Build datasets from Python and write them as canonical YAML.

    from ait_datasets import dsl

    test = dsl.agent_test(
        "ASKS-FOR-DATE",
        dsl.turn(
            dsl.task("Process open sales orders", from_="Jane Doe"),
            dsl.expect("Assistance", released_orders=0),
            setup=dsl.setup(
                dsl.action("create_sales_order", {"Shipment Date": dsl.date_formula("<CW+1M>")})
            ),
        ),
        dsl.turn(dsl.instruction("Ship next month"), dsl.expect(released_orders=1)),
    )
    dsl.write(dsl.dataset(test, suite_setup="APP-SETUP"), "orders.yaml")

Every builder returns an object of the document model (``ait_datasets.schema.models``)
and checks it when it is built (:class:`DatasetBuildError`). :func:`write` produces
canonical YAML that ``datasets lint`` accepts; :func:`read` gives the same objects back.
"""

from ait_datasets.dsl.builders import (
    action,
    agent_test,
    copilot_test,
    dataset,
    expect,
    instruction,
    intervention_request,
    intervention_type,
    query,
    setup,
    suggestion,
    suite_setup,
    task,
    turn,
)
from ait_datasets.dsl.canonical import to_data, to_jsonl, to_yaml
from ait_datasets.dsl.errors import DatasetBuildError
from ait_datasets.dsl.files import from_yaml, read, write, write_jsonl
from ait_datasets.dsl.placeholders import Placeholder, date_formula, datetime_formula
from ait_datasets.dsl.variations import rephrase, substitute, variants

__all__ = [
    "DatasetBuildError",
    "Placeholder",
    "action",
    "agent_test",
    "copilot_test",
    "dataset",
    "date_formula",
    "datetime_formula",
    "expect",
    "from_yaml",
    "instruction",
    "intervention_request",
    "intervention_type",
    "query",
    "read",
    "rephrase",
    "setup",
    "substitute",
    "suggestion",
    "suite_setup",
    "task",
    "to_data",
    "to_jsonl",
    "to_yaml",
    "turn",
    "variants",
    "write",
    "write_jsonl",
]
