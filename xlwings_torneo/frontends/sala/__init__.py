"""The hall server (issue 25): `app` (the Flask application: the tables' result pages, the
organiser's page, the players' pages), `security` (rate limits, secrets compared in constant
time), `serve` (`torneo sala`: waitress, the address and its QR code), `templates/` (the
server's own pages, in the players' pages' Environment)."""
