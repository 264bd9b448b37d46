"""ait-datasets: tools for Business Central AI Test Toolkit datasets.

The public API is small and typed; heavy parts (Textual, ruamel, pydantic) are imported
only by the commands that need them.
"""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity, apply_edits

__version__ = "0.1.0"

__all__ = ["Diagnostic", "Edit", "Fix", "Severity", "__version__", "apply_edits"]
