"""Build a Copilot AI-test dataset; writes it as YAML and as JSONL to the current folder.

python examples/dsl/copilot_dataset.py && datasets lint .
"""

from __future__ import annotations

from ait_datasets import dsl


def main() -> None:
    tests = [
        dsl.copilot_test(
            "NOSERIES-SALES",
            description="Number series for the sales documents.",
            question="Create number series for the sales module.",
            expected_data={"expected_number": 7},
        ),
        dsl.copilot_test(
            "NOSERIES-NEXT-YEAR",
            description="Number series that start next year.",
            question="Create number series for purchase orders starting next year.",
            context={"starting_date": dsl.date_formula("<CY+1D>")},
            expected_data={"expected_number": 1},
        ),
    ]
    print(dsl.write(dsl.dataset(*tests), "NOSERIES-QA.yaml"))
    print(dsl.write_jsonl(tests, "NOSERIES-QA.jsonl"))


if __name__ == "__main__":
    main()
