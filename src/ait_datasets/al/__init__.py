"""The test app's AL sources, read as facts (not compiled, not a full syntax tree).

``tokens`` splits AL text into tokens (comments and whitespace dropped), ``declarations``
reads objects, properties, variables and procedures from them, ``reads`` follows the
values a test codeunit gets from ``AIT Test Context`` to the keys it reads, and ``app``
finds an app's AL files and ties it together. Nothing here imports the linter.
"""
