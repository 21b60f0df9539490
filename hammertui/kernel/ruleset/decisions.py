"""`[decisions.<topic>]`: where a rule text is silent or contradicts itself, what was chosen."""

from hammertui.kernel.rules.records import record


@record
class Decision:
    """A choice made where a rule text is silent or contradicts itself, beside the words it reads.

    Shown on the Rules screen and in the dialogs where it applies, so the table can see the ruling.
    """

    title: str
    text: str
    quote: str = ""
    source: str = ""
