"""The language server behind ``datasets lsp``: a thin adapter from LSP to the library.

Everything a client sees (findings, fixes, dates) comes from the same functions the
command line uses; this package only converts positions and shapes messages. It needs
the optional ``lsp`` extra (pygls, lsprotocol); only :mod:`ait_datasets.lsp.server` and
the modules it alone imports load them.
"""
