from ait_datasets.cli import run

run()
