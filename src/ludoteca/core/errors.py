"""Exceptions a person can read: each names what was wrong and what would have been valid."""


class LudotecaError(Exception):
    """Base of every error ludoteca raises on purpose."""


class UnknownGameError(LudotecaError, KeyError):
    """The game id is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(LudotecaError, ValueError):
    """An option name, option value or player count is not valid for the game."""


class IllegalActionError(LudotecaError, ValueError):
    """The action is not legal in this state; the state is unchanged."""


class WrongPlayerError(IllegalActionError):
    """A seat tried to act when it is not its turn."""


class NotationError(IllegalActionError):
    """A move text could not be read as a move of this game."""


class StateFormatError(LudotecaError, ValueError):
    """A JSON document does not describe a valid state or record."""


class UnknownAgentError(LudotecaError, KeyError):
    """The agent name is not known for this game."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
