"""The fixed response list (clause ``response-from-fixed-list``)."""

RESPONSES: tuple[str, ...] = (
    "맡겨만 주세요.",
    "좋은 질문이에요.",
    "확인해 볼게요.",
    "조금 더 자세히 말씀해 주세요.",
    "알겠습니다.",
)
"""Every body an agent message can have; one is chosen per valid submission."""
