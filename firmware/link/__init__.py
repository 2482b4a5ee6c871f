# Link play: two to four boards on a UART ring playing one match. Loaded only
# when link play is chosen (the title holds none of it): frame.py (bytes on the
# cable), ring.py (delivery round the ring), session.py (the match protocol),
# lobby.py (the host's and joiners' screens).
