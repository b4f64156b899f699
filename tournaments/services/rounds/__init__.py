"""The rounds: starting the next one, closing the open one, force-closing it and ending a
game (``steps``); who sits where (``seating``: the lineup handed to the format's registry
entry); the round clock (``clock``); a table calling the director (``calls``); and whether a
table and a round are done (``done``, read by the board, the close dialog and closing itself).
"""
