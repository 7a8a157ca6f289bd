"""Form widgets of our own."""

from django import forms


class LongSelect(forms.Select):
    """A select for hundreds of plain options (the time zones): each option is written by the
    select's own loop, not by a template included once per option (600 includes took 70 ms)."""

    template_name = "core/widgets/long_select.html"
