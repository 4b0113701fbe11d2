"""The HTML pages: the lobby, tables, replays and rules (`routes`), the luck check, the
installable app and "My games" (`app_shell`), and what renders them (`templating`, the JS
catalog). Their templates and static files stay in `web/templates` and `web/static`."""
