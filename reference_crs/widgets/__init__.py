"""The reference client's widgets, one small module each."""

from reference_crs.widgets.agent_text import AgentText
from reference_crs.widgets.command_bubble import CommandBubble
from reference_crs.widgets.conversation import Conversation
from reference_crs.widgets.prompt_input import PromptInput
from reference_crs.widgets.slash_popup import SlashPopup
from reference_crs.widgets.system_notice import SystemNoticeItem
from reference_crs.widgets.thinking import ThinkingBlock
from reference_crs.widgets.timestamp import DateSeparator, TimeStamp
from reference_crs.widgets.tool_block import ToolBlock
from reference_crs.widgets.user_message import UserMessage

__all__ = [
    "AgentText",
    "CommandBubble",
    "Conversation",
    "DateSeparator",
    "PromptInput",
    "SlashPopup",
    "SystemNoticeItem",
    "ThinkingBlock",
    "TimeStamp",
    "ToolBlock",
    "UserMessage",
]
