import os

from django.conf import settings
from django.core.asgi import get_asgi_application

from meld.secret import require_lasting_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
require_lasting_key(settings)
application = get_asgi_application()
