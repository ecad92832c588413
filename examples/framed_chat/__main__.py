"""Run the framed chat screen: ``python -m examples.framed_chat`` (Escape or Ctrl+Q quits)."""

from examples.framed_chat.app import FramedChatApp
from examples.framed_chat.terminal import install

if __name__ == "__main__":
    install()
    FramedChatApp().run()
