class ServiceError(Exception):
    """A request a service refuses; ``message`` is already translated for the user.

    ``field_errors`` maps form field names to translated messages, so a form can
    show each problem next to the field it concerns.
    """

    def __init__(self, message: str, field_errors: dict[str, list[str]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field_errors = field_errors or {}
