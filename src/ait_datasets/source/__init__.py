"""YAML/JSON/JSONL in: a positioned tree, YAML 1.2 scalars, faults as diagnostics."""

from ait_datasets.source.document import Document
from ait_datasets.source.load import DATASET_SUFFIXES, format_of, load, load_bytes, load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, Span, find, format_path, walk

__all__ = [
    "DATASET_SUFFIXES",
    "Document",
    "Mapping",
    "Node",
    "Scalar",
    "Sequence",
    "Span",
    "find",
    "format_of",
    "format_path",
    "load",
    "load_bytes",
    "load_text",
    "walk",
]
