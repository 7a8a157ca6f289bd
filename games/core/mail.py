"""The default email backend for a developer's machine: print each email and keep a copy."""

from collections.abc import Sequence

from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.core.mail.backends.filebased import EmailBackend as FileBackend
from django.core.mail.message import EmailMessage


class ConsoleAndFileBackend(BaseEmailBackend):
    """Writes every message to standard output and to a file under ``EMAIL_FILE_PATH``."""

    def __init__(self, fail_silently: bool = False, **kwargs: object) -> None:
        super().__init__(fail_silently=fail_silently)
        self.console = ConsoleBackend(fail_silently=fail_silently)
        self.file = FileBackend(fail_silently=fail_silently)

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        if not email_messages:
            return 0
        self.console.send_messages(email_messages)
        return self.file.send_messages(email_messages)
