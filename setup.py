"""The one thing pyproject.toml cannot say: the report's optional C module.

``optional=True``: where no C compiler is found, the build goes on without it, and the
report's Python code does the same work (see ``src/ait_datasets/report/_speedups.c``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "ait_datasets.report._speedups",
            ["src/ait_datasets/report/_speedups.c"],
            optional=True,
        )
    ]
)
