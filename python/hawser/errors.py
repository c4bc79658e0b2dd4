"""Exceptions: one per hw_status (include/hawser/hawser.h), all HawserError."""


class HawserError(Exception):
    """A call into libhawser returned a status other than HW_OK.

    Attributes:
        status: the hw_status value (int).
        status_name: its name in the C API ("HW_ERR_INPUT", ...).
        message: the library's message (for bad input the loader's one located line,
            "FILE:LINE: FIELD: expected ..., got ...").
    """

    status = -1
    status_name = "HW_ERR"

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class InvalidArgumentError(HawserError, ValueError):
    """HW_ERR_INVALID_ARG: a bad index, a time before the current one, misuse of the API."""
    status, status_name = 1, "HW_ERR_INVALID_ARG"


class InputError(HawserError):
    """HW_ERR_INPUT: the scenario or deck is invalid (the message gives file, line and field)."""
    status, status_name = 2, "HW_ERR_INPUT"


class NumericalError(HawserError):
    """HW_ERR_NUMERICAL: a blow-up (the message names the family, element, time and cause).
    The world refuses further steps (StateError)."""
    status, status_name = 3, "HW_ERR_NUMERICAL"


class NotConvergedError(HawserError):
    """HW_ERR_NOT_CONVERGED: the static equilibrium solve did not reach its tolerance."""
    status, status_name = 4, "HW_ERR_NOT_CONVERGED"


class NoDeviceError(HawserError):
    """HW_ERR_NO_DEVICE: backend="cuda" and no CUDA device is present."""
    status, status_name = 5, "HW_ERR_NO_DEVICE"


class UnsupportedError(HawserError):
    """HW_ERR_UNSUPPORTED: a feature compiled out, or a deck feature Hawser does not have."""
    status, status_name = 6, "HW_ERR_UNSUPPORTED"


class OutOfMemoryError(HawserError, MemoryError):
    """HW_ERR_NOMEM."""
    status, status_name = 7, "HW_ERR_NOMEM"


class HawserIOError(HawserError):
    """HW_ERR_IO: a file cannot be read or written."""
    status, status_name = 8, "HW_ERR_IO"


class StateError(HawserError):
    """HW_ERR_STATE: the world failed earlier (a blow-up) and refuses further steps."""
    status, status_name = 9, "HW_ERR_STATE"


class Interrupted(HawserError):
    """HW_INTERRUPTED: stepping stopped between steps on the interrupt flag."""
    status, status_name = 10, "HW_INTERRUPTED"


_BY_STATUS = {c.status: c for c in (
    InvalidArgumentError, InputError, NumericalError, NotConvergedError, NoDeviceError,
    UnsupportedError, OutOfMemoryError, HawserIOError, StateError, Interrupted)}


def error_for(status, message):
    """The exception for an hw_status and message (HawserError for an unknown status)."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        return HawserError(message or "hw_status %d" % status, status)
    return cls(message or cls.status_name)
