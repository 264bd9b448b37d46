"""The editor's widgets."""
