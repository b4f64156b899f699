"""Forms of a member's e-mail and data: the address (the director's, and the member's own
with their consent), and the confirmation of an erasure."""

from django import forms
from django.conf import settings
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from tournaments.kernel.forms import BoundedCharField
from tournaments.models.mail import ADDRESS_MAX


class AddressForm(forms.Form):
    """The director enters (or removes) a member's address: the member confirms it."""

    address = BoundedCharField(
        label=_("E-mail address"),
        max_length=ADDRESS_MAX,
        required=False,
        validators=[validate_email],
        widget=forms.EmailInput(attrs={"autocomplete": "off"}),
        help_text=_(
            "Meld sends a mail asking the member to confirm; only then do their results go "
            "there. Leave it empty to remove the address."
        ),
    )
    language = forms.ChoiceField(label=_("Language of the mails"), choices=settings.LANGUAGES)


class OptInForm(forms.Form):
    """The member asks for their results by e-mail (explicit consent, then a confirmation)."""

    address = BoundedCharField(
        label=_("Your e-mail address"),
        max_length=ADDRESS_MAX,
        validators=[validate_email],
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    language = forms.ChoiceField(label=_("Language of the mails"), choices=settings.LANGUAGES)
    consent = forms.BooleanField(
        label=_("Yes, send me my results by e-mail after every evening I play."),
        required=True,
    )


class EraseForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, erase this member's personal data. This cannot be undone."),
        required=True,
    )
