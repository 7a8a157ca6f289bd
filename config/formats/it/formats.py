"""Italian date formats for our pages (FORMAT_MODULE_PATH): "lunedì 5 gennaio 2026, 14:30".

Only what differs from Django's own Italian formats, which write "05 Gennaio": Italian drops
the leading zero of the day. The month and weekday names come from the catalogue, in lower
case as Italian writes them inside a sentence (see games/core/dates.py).
"""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "l j F Y, H:i"
