class ServiceError(Exception):
    """A request a service refuses; ``message`` is already translated for the user.

    ``field_errors`` maps form field names to translated messages, so a form can
    show each problem next to the field it concerns. ``concerns`` names what a
    message about the whole entry (``__all__``) is about, by the engine's own
    field names (``going_out``, ``melded_points``), so a form can mark those fields
    on every side.
    """

    def __init__(
        self,
        message: str,
        field_errors: dict[str, list[str]] | None = None,
        concerns: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field_errors = field_errors or {}
        self.concerns = concerns
