import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from meld.secret import require_lasting_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
require_lasting_key(settings)
application = get_wsgi_application()

from meld.warmup import warm_up  # noqa: E402 - needs the app that get_wsgi_application set up

warm_up()
