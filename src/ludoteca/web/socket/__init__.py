"""The live table's WebSocket (`routes`) and the greeting a socket gets when it opens."""
