"""The Textual app behind `datasets edit` (the only package that imports Textual).

The document model (:mod:`.model`, :mod:`.layout`, :mod:`.roundtrip`, :mod:`.shape`) is
plain Python; the widgets in :mod:`.widgets` show it and post what the author does as
messages, which the app in :mod:`.app` applies to the model (attributes down, messages
up). Nothing here imports Textual at import time, so the lint worker process stays light.
"""
