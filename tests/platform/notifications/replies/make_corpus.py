"""Writes the corpus of real-format replies (`*.eml` beside this file) and what each must yield
(`expected.json`): `python tests/platform/notifications/replies/make_corpus.py`.

Each client's message is laid out as that client writes it (checked against messages those
clients sent): its MIME structure and transfer encoding (Gmail and Apple Mail quoted-printable,
Outlook desktop windows-1252, K-9 base64, Thunderbird 8bit format=flowed), its attribution line
or header block in the client's language, its quoting (">" or none: Outlook quotes nothing),
its HTML (gmail_quote, Outlook's border-top block and divRplyFwdMsg, Apple's
blockquote type=cite, Thunderbird's moz-cite-prefix) and its "sent from" lines. The files are
kept in the repository; this script only says how they were made and makes new ones alike.
"""

from __future__ import annotations

import json
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate
from pathlib import Path

HERE = Path(__file__).parent
TO = "play+12-0-5-7kq2m4rj3hx5wnp6tdb2ya4vce@reply.tabletop.example"
FROM = {
    "en": "Alice Martin <alice@example.com>",
    "es": "Ana García <ana@example.es>",
    "vi": "Nguyễn Thị Lan <lan@example.vn>",
}
SITE = "Tabletop <noreply@tabletop.example>"

# The turn e-mail being answered, as each language's player received it (shortened).
ORIGINAL = {
    "en": [
        "Hello Alice,",
        "",
        "It is your turn in Dice City #12 against bob, carol.",
        "",
        "What you may do now:",
        "  1. Use Mountain (white die)  [use die=white]",
        "  2. Discard Well  [discard card=well]",
        "  3. End the dice step  [end_dice]",
        "",
        "To move, reply to this e-mail with the number or the text in brackets.",
        "",
        "-- Tabletop",
    ],
    "es": [
        "Hola Ana,",
        "",
        "Es tu turno en Dice City #12 contra bob, carol.",
        "",
        "Lo que puedes hacer ahora:",
        "  1. Usar Montaña (dado blanco)  [use die=white]",
        "  2. Descartar Pozo  [discard card=well]",
        "  3. Terminar la fase de dados  [end_dice]",
        "",
        "Para jugar, responde a este correo con el número o el texto entre corchetes.",
        "",
        "-- Tabletop",
    ],
    "vi": [
        "Xin chào Lan,",
        "",
        "Đến lượt bạn trong Dice City #12 với bob, carol.",
        "",
        "Bạn có thể làm gì bây giờ:",
        "  1. Dùng Núi (xúc xắc trắng)  [use die=white]",
        "  2. Bỏ Giếng  [discard card=well]",
        "  3. Kết thúc bước xúc xắc  [end_dice]",
        "",
        "Để đi, hãy trả lời thư này bằng số hoặc chữ trong ngoặc vuông.",
        "",
        "-- Tabletop",
    ],
}
SUBJECT = {
    "en": "Your turn in Dice City #12",
    "es": "Tu turno en Dice City #12",
    "vi": "Lượt của bạn trong Dice City #12",
}
RE = {"en": "Re: ", "es": "RE: ", "vi": "Trả lời: "}

# Attribution lines ("On ... wrote:") as each client writes them in each language.
WROTE = {
    "gmail": {
        "en": "On Mon, Nov 23, 2026 at 11:00 AM Tabletop <noreply@tabletop.example> wrote:",
        "es": "El lun, 23 nov 2026 a las 11:00, Tabletop (<noreply@tabletop.example>) escribió:",
        "vi": "Vào Th 2, 23 thg 11, 2026 lúc 11:00 Tabletop <noreply@tabletop.example> đã viết:",
    },
    "apple": {
        "en": "On 23 Nov 2026, at 11:00, Tabletop <noreply@tabletop.example> wrote:",
        "es": "El 23 nov 2026, a las 11:00, Tabletop <noreply@tabletop.example> escribió:",
        "vi": "Vào 11:00, ngày 23 thg 11, 2026, Tabletop <noreply@tabletop.example> đã viết:",
    },
    "thunderbird": {
        "en": "On 23/11/2026 11:00, Tabletop wrote:",
        "es": "El 23/11/26 a las 11:00, Tabletop escribió:",
        "vi": "Vào lúc 11:00 Ngày 23/11/2026, Tabletop đã viết:",
    },
    "k9": {
        "en": "On November 23, 2026 11:00:00 AM UTC, Tabletop <noreply@tabletop.example> wrote:",
        "es": "El 23 de noviembre de 2026 11:00:00 UTC, Tabletop <noreply@tabletop.example> "
        "escribió:",
        "vi": "Vào 23 tháng 11, 2026 11:00:00 UTC, Tabletop <noreply@tabletop.example> đã viết:",
    },
    "fairemail": {
        "en": "On 23/11/2026 11:00, Tabletop wrote:",
        "es": "El 23/11/2026 a las 11:00, Tabletop escribió:",
        "vi": "Vào 23/11/2026 11:00, Tabletop đã viết:",
    },
}
# Outlook's header block (desktop, then web): From, Sent, To, Subject in the client's language.
OUTLOOK = {
    "en": ("From:", "Sent:", "To:", "Subject:", "Monday, November 23, 2026 11:00 AM"),
    "es": ("De:", "Enviado el:", "Para:", "Asunto:", "lunes, 23 de noviembre de 2026 11:00"),
    "vi": ("Từ:", "Đã gửi:", "Đến:", "Chủ đề:", "Thứ Hai, 23 tháng 11, 2026 11:00 SA"),
}
OWA = {
    "en": ("From:", "Sent:", "To:", "Subject:", "Monday, November 23, 2026 11:00"),
    "es": ("De:", "Enviado:", "Para:", "Asunto:", "lunes, 23 de noviembre de 2026 11:00"),
    "vi": ("Từ:", "Đã gửi:", "Đến:", "Chủ đề:", "Thứ Hai, ngày 23 tháng 11 năm 2026 11:00"),
}
IPHONE = {
    "en": "Sent from my iPhone",
    "es": "Enviado desde mi iPhone",
    "vi": "Gửi từ iPhone của tôi",
}
K9_SIG = {
    "en": "Sent from my Android device with K-9 Mail. Please excuse my brevity.",
    "es": "Enviado desde mi dispositivo Android con K-9 Mail. Por favor, disculpa mi brevedad.",
    "vi": "Được gửi từ thiết bị Android của tôi bằng K-9 Mail. Xin thứ lỗi vì sự ngắn gọn.",
}
FAIR_SIG = {"en": "Sent with FairEmail", "es": "Enviado con FairEmail", "vi": "Gửi bằng FairEmail"}
FORWARDED = {
    "en": "---------- Forwarded message ---------",
    "es": "---------- Mensaje reenviado ---------",
    "vi": "---------- Thư đã chuyển tiếp ---------",
}
SIGN_OFF = {"en": ["Thanks,", "Alice"], "es": ["Saludos,", "Ana"], "vi": ["Cảm ơn,", "Lan"]}
# What the players write: a number, notation, a label in their own language.
MOVES = {
    "en": ["2", "end_dice"],
    "es": ["Descartar Pozo", "end_dice"],
    "vi": ["Bỏ Giếng", "end_dice"],
}

corpus: dict[str, list[str]] = {}
REPLIES: list[str] = []  # set by reply_as(): build a reply for a test, write nothing


def _part(body: str, subtype: str, cte: str, charset: str = "utf-8") -> EmailMessage:
    part = EmailMessage(policy=SMTP)
    part.set_content(body, subtype=subtype, charset=charset, cte=cte)
    return part


def text_part(
    body: str, cte: str = "quoted-printable", charset: str = "utf-8", flowed: bool = False
) -> EmailMessage:
    part = _part(body, "plain", cte, charset)
    if flowed:
        part.set_param("format", "flowed")
    return part


def html_part(body: str, cte: str = "quoted-printable") -> EmailMessage:
    return _part(body, "html", cte)


def envelope(message: EmailMessage, lang: str, mailer: str | None, mid: str) -> EmailMessage:
    message["From"] = FROM[lang]
    message["To"] = TO
    message["Subject"] = RE[lang] + SUBJECT[lang]
    message["Date"] = formatdate(1795431600 + len(corpus) * 61, localtime=False)
    message["Message-ID"] = f"<{mid}>"
    message["In-Reply-To"] = "<turn-email-41.seat-7.v5@tabletop.example>"
    message["References"] = "<turn-email-41.seat-7.v5@tabletop.example>"
    if mailer:
        message["X-Mailer"] = mailer
    return message


def alternative(text: EmailMessage, html: EmailMessage) -> EmailMessage:
    message = EmailMessage(policy=SMTP)
    message.make_alternative()
    message.attach(text)
    message.attach(html)
    return message


def write(name: str, message: EmailMessage, expected: list[str]) -> EmailMessage:
    """Record the message as a file of the corpus, unless it was built for a test (REPLIES)."""
    if not REPLIES:
        (HERE / f"{name}.eml").write_bytes(message.as_bytes())
        corpus[f"{name}.eml"] = expected
    return message


def quoted(lang: str, prefix: str = "> ") -> str:
    return "\n".join(
        (prefix + line).rstrip() if line else prefix.rstrip() for line in ORIGINAL[lang]
    )


def html_original(lang: str) -> str:
    return "".join(f"<div>{line or '<br>'}</div>" for line in ORIGINAL[lang])


def gmail(lang: str) -> EmailMessage:
    moves, wrote = REPLIES or MOVES[lang], WROTE["gmail"][lang]
    text = "\n".join(moves) + f"\n\n{wrote}\n\n{quoted(lang)}\n"
    html = (
        '<div dir="ltr">' + "".join(f"<div>{m}</div>" for m in moves) + "</div><br>"
        '<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">'
        f"{wrote}<br></div>"
        '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
        f'rgb(204,204,204);padding-left:1ex">{html_original(lang)}</blockquote></div>'
    )
    message = alternative(text_part(text), html_part(html))
    return write(
        f"gmail_{lang}", envelope(message, lang, None, f"CAF{lang}gm1@mail.gmail.com"), moves
    )


def gmail_html_only(lang: str) -> EmailMessage:
    """Gmail's "rich text" sent through a gateway that keeps only the HTML part."""
    moves, wrote = ["3"], WROTE["gmail"][lang]
    html = (
        '<div dir="ltr">3</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
        f'{wrote}<br></div><blockquote class="gmail_quote">{html_original(lang)}</blockquote>'
        "</div>"
    )
    message = html_part(html, "base64")
    return write(
        f"gmail_html_only_{lang}", envelope(message, lang, None, f"CAF{lang}gm2@mail.gmail"), moves
    )


def gmail_forwarded(lang: str) -> EmailMessage:
    """The turn e-mail forwarded to the reply address with a move written above it."""
    moves = ["1"]
    text = (
        "1\n\n" + FORWARDED[lang] + f"\nFrom: {SITE}\nDate: Mon, Nov 23, 2026 at 11:00\n"
        f"Subject: {SUBJECT[lang]}\nTo: <{FROM[lang]}>\n\n\n" + "\n".join(ORIGINAL[lang]) + "\n"
    )
    message = text_part(text)
    return write(
        f"gmail_forwarded_{lang}", envelope(message, lang, None, f"CAF{lang}gm3@mail.gmail"), moves
    )


def _bold_labels(header: str, labels: tuple[str, ...]) -> str:
    lines = header.split("\n")
    return "<br>".join(
        f"<b>{label}</b>{line[len(label) :]}" for label, line in zip(labels, lines, strict=True)
    )


def outlook_desktop(lang: str) -> EmailMessage:
    moves = REPLIES or MOVES[lang][:1]
    frm, sent, to, subj, date = OUTLOOK[lang]
    header = (
        f"{frm} Tabletop <noreply@tabletop.example>\n{sent} {date}\n{to} {FROM[lang]}\n"
        f"{subj} {SUBJECT[lang]}"
    )
    # Outlook quotes nothing: the old e-mail follows its header block as it was.
    text = "\n".join(moves) + "\n\n" + header + "\n\n" + "\n".join(ORIGINAL[lang]) + "\n"
    block = _bold_labels(header, (frm, sent, to, subj))
    html = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '</head><body lang="EN-GB"><div class="WordSection1">'
        + "".join(f'<p class="MsoNormal">{m}<o:p></o:p></p>' for m in moves)
        + '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
        '<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">'
        f'<p class="MsoNormal">{block}<o:p></o:p></p></div>'
        + "".join(f'<p class="MsoNormal">{line or "&nbsp;"}</p>' for line in ORIGINAL[lang])
        + "</div></body></html>"
    )
    charset = "utf-8" if lang == "vi" else "windows-1252"
    message = alternative(text_part(text, charset=charset), html_part(html))
    mailer = "Microsoft Outlook 16.0"
    return write(
        f"outlook_desktop_{lang}", envelope(message, lang, mailer, f"00{lang}01d9@outlook"), moves
    )


def outlook_web(lang: str, html_only: bool = False) -> EmailMessage:
    moves = REPLIES or MOVES[lang]
    frm, sent, to, subj, date = OWA[lang]
    header = (
        f"{frm} Tabletop <noreply@tabletop.example>\n{sent} {date}\n{to} {FROM[lang]}\n"
        f"{subj} {SUBJECT[lang]}"
    )
    text = (
        "\n".join(moves)
        + "\n\n________________________________\n"
        + header
        + "\n\n"
        + "\n".join(ORIGINAL[lang])
        + "\n"
    )
    block = _bold_labels(header, (frm, sent, to, subj))
    html = (
        '<html><body><div dir="ltr">'
        + "".join(f'<div style="font-family: Aptos, sans-serif">{m}</div>' for m in moves)
        + '</div><div id="appendonsend"></div>'
        '<hr style="display:inline-block;width:98%" tabindex="-1">'
        f'<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif">{block}</font>'
        f"<div>&nbsp;</div></div>{html_original(lang)}</body></html>"
    )
    if html_only:
        message = html_part(html, "base64")
        name = f"outlook_web_html_only_{lang}"
    else:
        message = alternative(text_part(text), html_part(html))
        name = f"outlook_web_{lang}"
    return write(name, envelope(message, lang, None, f"AM{lang}PR07@eurprd07.outlook"), moves)


def apple_mail(lang: str) -> EmailMessage:
    moves, wrote = REPLIES or MOVES[lang], WROTE["apple"][lang]
    text = "\n".join(moves) + f"\n\n> {wrote}\n> \n{quoted(lang)}\n"
    html = (
        '<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
        '<body style="overflow-wrap: break-word;">'
        + "<br>".join(moves)
        + f'<br id="lineBreakAtBeginningOfMessage"><div><br><blockquote type="cite">'
        f"<div>{wrote}</div><br>{html_original(lang)}</blockquote></div></body></html>"
    )
    message = alternative(text_part(text), html_part(html))
    mailer = "Apple Mail (2.3826.400.131.1.6)"
    return write(
        f"apple_mail_{lang}", envelope(message, lang, mailer, f"A1B2{lang}@example.com"), moves
    )


def iphone(lang: str) -> EmailMessage:
    moves, wrote = REPLIES or ["2"], WROTE["apple"][lang]
    text = "\n".join(moves) + f"\n\n{IPHONE[lang]}\n\n> {wrote}\n> \n{quoted(lang)}\n"
    message = text_part(text, "quoted-printable" if lang != "en" else "8bit")
    mailer = "iPhone Mail (22B91)"
    return write(
        f"iphone_{lang}", envelope(message, lang, mailer, f"F00D-{lang}@example.com"), moves
    )


def thunderbird(lang: str, bottom: bool = False) -> EmailMessage:
    moves, wrote = REPLIES or MOVES[lang], WROTE["thunderbird"][lang]
    if bottom:  # bottom-posting, the Usenet habit Thunderbird users keep
        text = f"{wrote}\n{quoted(lang, '>')}\n\n" + "\n".join(moves) + "\n\n-- \nA.\n"
        name = f"thunderbird_bottom_{lang}"
    else:
        text = "\n".join(moves) + f"\n\n{wrote}\n{quoted(lang, '>')}\n"
        name = f"thunderbird_{lang}"
    plain = text_part(text.replace("\n", " \n").replace("  \n", " \n"), "8bit", flowed=True)
    html = (
        '<!DOCTYPE html><html><head><meta http-equiv="content-type" content="text/html; '
        'charset=UTF-8"></head><body><p>' + "<br>".join(moves) + "</p>"
        f'<div class="moz-cite-prefix">{wrote}<br></div><blockquote type="cite" '
        f'cite="mid:turn-email-41@tabletop.example">{html_original(lang)}</blockquote></body>'
        "</html>"
    )
    message = alternative(plain, html_part(html, "8bit")) if not bottom else plain
    mailer = None
    message["User-Agent"] = "Mozilla Thunderbird"
    return write(name, envelope(message, lang, mailer, f"{name}@example.org"), moves)


def k9(lang: str) -> EmailMessage:
    moves, wrote = REPLIES or MOVES[lang], WROTE["k9"][lang]
    text = "\n".join(moves) + f"\n-- \n{K9_SIG[lang]}\n\n{wrote}\n{quoted(lang)}\n"
    message = text_part(text, "base64")
    message["User-Agent"] = "K-9 Mail for Android"
    return write(f"k9_{lang}", envelope(message, lang, None, f"k9-{lang}@email.android.com"), moves)


def fairemail(lang: str) -> EmailMessage:
    moves, wrote = ["3"], WROTE["fairemail"][lang]
    text = f"3\n\n{FAIR_SIG[lang]}\n\n{wrote}\n{quoted(lang)}\n"
    html = (
        '<!DOCTYPE html><html><head><meta charset="UTF-8"></head><body><div dir="auto">3'
        f'<br><br><span style="font-size:small">{FAIR_SIG[lang]}</span></div><br><p dir="auto">'
        f'{wrote}</p><blockquote style="margin:0 0 0 3px;border-left:3px solid #3F51B5;'
        f'padding-left:3px">{html_original(lang)}</blockquote></body></html>'
    )
    message = alternative(text_part(text), html_part(html))
    message["User-Agent"] = "FairEmail"
    return write(f"fairemail_{lang}", envelope(message, lang, None, f"fe-{lang}@fairemail"), moves)


def signed_off(lang: str) -> EmailMessage:
    """A move, then a sign-off and a name: the sign-off is the player's, not a move."""
    moves, wrote = ["2"], WROTE["gmail"][lang]
    text = "2\n\n" + "\n".join(SIGN_OFF[lang]) + f"\n\n{wrote}\n\n{quoted(lang)}\n"
    return write(
        f"signed_off_{lang}", envelope(text_part(text), lang, None, f"so-{lang}@gmail"), moves
    )


def prose(lang: str) -> EmailMessage:
    """A move, then prose: the prose is a line the service refuses (nothing after it plays)."""
    words = {
        "en": "sorry, wrong button",
        "es": "perdón, me equivoqué",
        "vi": "xin lỗi, tôi bấm nhầm",
    }[lang]
    moves, wrote = ["2", words, "3"], WROTE["gmail"][lang]
    text = "\n".join(moves) + f"\n\n{wrote}\n\n{quoted(lang)}\n"
    return write(f"prose_{lang}", envelope(text_part(text), lang, None, f"pr-{lang}@gmail"), moves)


CLIENTS = {
    "gmail": gmail,
    "outlook_desktop": outlook_desktop,
    "outlook_web": outlook_web,
    "outlook_web_html_only": lambda lang: outlook_web(lang, html_only=True),
    "apple_mail": apple_mail,
    "iphone": iphone,
    "thunderbird": thunderbird,
    "thunderbird_bottom": lambda lang: thunderbird(lang, bottom=True),
    "k9": k9,
}


def reply_as(client: str, lang: str, lines: list[str]) -> EmailMessage:
    """A reply written with `client` in `lang` holding `lines`, laid out as the corpus's (for
    the end-to-end games: tests/platform/services/test_whole_games_by_email.py). Outlook
    desktop's carries one line (the corpus's layout), the others every line."""
    REPLIES[:] = lines[:1] if client == "outlook_desktop" else lines
    try:
        return CLIENTS[client](lang)
    finally:
        REPLIES.clear()


if __name__ == "__main__":
    for lang in ("en", "es", "vi"):
        gmail(lang)
        gmail_html_only(lang)
        gmail_forwarded(lang)
        outlook_desktop(lang)
        outlook_web(lang)
        outlook_web(lang, html_only=True)
        apple_mail(lang)
        iphone(lang)
        thunderbird(lang)
        thunderbird(lang, bottom=True)
        k9(lang)
        fairemail(lang)
        signed_off(lang)
        prose(lang)
    (HERE / "expected.json").write_text(json.dumps(corpus, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(corpus)} replies written to {HERE}")
