"""Entry point: ``python -m reference_app`` or the ``reference-chat`` console script."""

from reference_app.app import ChatApp


def main() -> None:
    """Run the reference chat app in the terminal until Escape or Ctrl+Q."""
    ChatApp().run()


if __name__ == "__main__":
    main()
