"""Configs named on a command line, as their repr writes them: `PortableConfig(tile_p=64, ...)`."""

import argparse
import ast


def parse_config(text: str, kinds: dict[str, type]):
    """The config `text` spells, one of `kinds` (class name -> class), its fields read as
    literals: nothing else in the text is evaluated."""
    try:
        call = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as e:
        raise ValueError(f"not a config: {text!r} ({e.msg})") from None
    name = getattr(getattr(call, "func", None), "id", None)
    if not isinstance(call, ast.Call) or name not in kinds:
        raise ValueError(f"not one of {', '.join(sorted(kinds))}(...): {text!r}")
    try:
        args = [ast.literal_eval(a) for a in call.args]
        fields = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
    except ValueError:
        raise ValueError(f"a config's fields must be literals: {text!r}") from None
    try:
        return kinds[name](*args, **fields)
    except TypeError as e:
        raise ValueError(f"{text!r}: {e}") from None


def config_argument(kinds: dict[str, type]):
    """An argparse `type` reading a config of `kinds`: a bad one is refused with parse_config's
    message (argparse's own would name only the argument)."""

    def read(text: str):
        try:
            return parse_config(text, kinds)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    read.__name__ = "config"  # what argparse's messages call it
    return read
