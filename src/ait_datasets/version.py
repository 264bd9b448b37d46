"""The package's version: the one place it is written (the build reads it from here too).

It sits on the ground floor so that any layer (the SARIF reporter, the schema writer, the
CLI, the language server) can name the version without importing the package's face.
"""

__version__ = "0.1.0"
