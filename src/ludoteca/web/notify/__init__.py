""" "Your turn" when the page is closed: Web Push and e-mail for the seats that ask for them.

`settings` says what the site configured, `vapid` holds its push key, `push` and `mail` send
one notice each, `texts` words them in the recipient's language, `notifier` decides who is told
and sends off the request path, `routes` is the HTTP side (the switch's endpoints and the
unsubscribe page).
"""
