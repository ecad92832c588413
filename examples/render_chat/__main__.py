"""Entry point: ``python -m examples.render_chat`` runs the render chat screen."""

from examples.render_chat.app import RenderChatApp
from reference_app import paste


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    paste.install()  # a paste holding ESC stays one paste (reference_app/paste.py)
    RenderChatApp().run()


if __name__ == "__main__":
    main()
