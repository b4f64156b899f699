"""The club: its member register (``members``), its series and their standings
(``series``), each evening's standings read for many evenings at once (``evenings``), the
club's public page (``public_page``), and the one door for every name shown in public
(``public_names``).
"""
