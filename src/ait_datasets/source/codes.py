"""Codes of the findings the loader itself makes (the syntax family, ``SYN``).

Their documentation lives with the other rules in ``ait_datasets.lint.rules.syntax``.
"""

YAML_SYNTAX = "SYN001"
DUPLICATE_KEY = "SYN002"
MULTIPLE_DOCUMENTS = "SYN003"
TAB_INDENT = "SYN004"
ENCODING = "SYN005"
EMPTY_FILE = "SYN006"
UNSUPPORTED_TAG = "SYN007"
COMPLEX_KEY = "SYN008"
JSON_SYNTAX = "SYN009"
LIMIT = "SYN010"
NONSTANDARD_JSON = "SYN011"
# The suite XML reader's own findings (the XML rules are in lint/rules/suite_xml_rules.py).
XML_SYNTAX = "XML001"
XML_ENCODING = "XML002"
