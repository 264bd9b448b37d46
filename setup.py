"""The one thing pyproject.toml cannot say: the report's optional C modules.

``optional=True``: where no C compiler is found, the build goes on without them, and the
report's Python code does the same work (see ``src/ait_datasets/report/_speedups.c``, the
pass over every row of an export, ``_case_speedups.c``, the passes over every case, and
``_render_speedups.c``, the renderers' work per case).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "ait_datasets.report._speedups",
            ["src/ait_datasets/report/_speedups.c"],
            optional=True,
        ),
        Extension(
            "ait_datasets.report._case_speedups",
            ["src/ait_datasets/report/_case_speedups.c"],
            optional=True,
        ),
        Extension(
            "ait_datasets.report._render_speedups",
            ["src/ait_datasets/report/_render_speedups.c"],
            optional=True,
        ),
    ]
)
