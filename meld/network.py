"""The address phones on the club's Wi-Fi use to reach this machine."""

import socket


def lan_address() -> str:
    """The machine's LAN IPv4 address, or 127.0.0.1 when it has none.

    Connecting a UDP socket sends no packet; it only asks the kernel which
    interface would route to that address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
