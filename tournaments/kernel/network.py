"""The address phones on the club's Wi-Fi use to reach this machine.

Asked for when a link is printed or shown, never at import: settings stay free
of side effects, and a laptop that changed networks prints its new address.
"""

import socket

from django.conf import settings


def lan_address() -> str:
    """The machine's LAN IPv4 address, or 127.0.0.1 when it has none.

    Connecting a UDP socket sends no packet; it only asks the kernel which
    interface would route to that address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def phones_address(port: int | None = None) -> str:
    """This machine on the club's Wi-Fi: its LAN address and ``port`` (``PORT``, which
    ``meld serve --port`` sets, unless another is named)."""
    return f"http://{lan_address()}:{port or settings.PORT}"


def base_url(port: int | None = None) -> str:
    """Where the QR codes point: ``MELD_BASE_URL``, else ``phones_address``."""
    configured = settings.MELD_BASE_URL.rstrip("/")
    return configured or phones_address(port)


def link(path: str) -> str:
    """``path`` (from ``reverse``) as a link to hand on: a table's, the table code's, the
    club's public page. The laptop's own address (127.0.0.1) would not open on a phone."""
    return base_url() + path
