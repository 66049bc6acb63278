"""The student's page in Polish and English: its headings, labels, keys and the few sentences
the page itself says (the game's sentences come from the table, in the seat's language)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "pl": {
        "title": "Braille Words: twoje miejsce przy stole",
        "join": "Dołącz do stołu",
        "code": "Kod dołączenia (6 cyfr od nauczyciela)",
        "language": "Język",
        "verbosity": "Ile mówić",
        "beginner": "dużo (początkujący)",
        "expert": "mało (zaawansowany)",
        "join_button": "Dołącz",
        "joining": "Łączę ze stołem…",
        "joined": "Dołączono do stołu.",
        "focus_command": "Jesteś w polu polecenia: tu wpiszesz następny ruch.",
        "focus_now": "Teraz tu: ",
        "command": "Polecenie (jak w terminalu, np. stojak, pomoc)",
        "send": "Wyślij",
        "status": "Stan gry",
        "area_rack": "Twoje płytki",
        "area_cards": "Twoje karty",
        "area_loose": "Płytki zdjęte ze stołu",
        "area_table": "Stół",
        "area_board": "Plansza",
        "area_scores": "Wyniki",
        "area_words": "Słowa",
        "area_theme": "Temat",
        "area_task": "Zadanie",
        "area_characters": "Postacie",
        "word_n": "Słowo {n}",
        "end_of_word": "koniec słowa {n}",
        "picked": "wybrana",
        "empty": "puste",
        "square_pending": "ruch czeka",
        "square_last": "ostatni ruch",
        "joker": "dżoker",
        "news": "Wiadomości",
        "settings": "Ustawienia",
        "sounds": "Dźwięki",
        "volume": "Głośność dźwięków",
        "self_voicing": "Czytaj na głos sam (bez czytnika ekranu)",
        "keys": "Klawisze",
        "keys_intro": "Te klawisze działają w całej stronie; nie zajmują klawiszy NVDA, JAWS "
        "ani VoiceOver (na Macu: Option zamiast Alt). Odpowiedź przychodzi do wiadomości.",
        "key_rack": "twoje płytki lub karty",
        "key_table": "stół lub plansza",
        "key_scores": "wyniki",
        "key_repeat": "powtórz ostatnie zdanie",
        "key_where": "gdzie jestem: czyj ruch i co teraz",
        "key_command": "do pola polecenia",
        "key_board": "Na planszy: strzałki przechodzą po polach, Enter lub spacja kładzie "
        "wybraną kartę.",
        "turn_yours": "Twój ruch.",
        "turn_named": "Ruch: {name} (ty).",
        "hand_over": "Kolej: {name}. Przekaż komputer; {name}, naciśnij Enter w polu "
                     "polecenia, gdy nikt inny nie słucha.",
        "turn_of": "Ruch: {names}.",
        "over": "Gra skończona.",
        "scores_line": "{name}: {score}",
        "page_changed": "Stół się zmienił, zanim przycisk doszedł. Naciśnij go jeszcze raz.",
        "lost": "Połączenie ze stołem przerwane. Łączę ponownie…",
        "no_script": "Ta strona potrzebuje JavaScriptu.",
        "play_at": "Twoje miejsce jest w przeglądarce: {url} (kod {code}). Otwórz ten adres; "
        "czytnik ekranu przeczyta grę, a Alt+Shift+1 do 5 to stojak, stół, wynik, powtórz "
        "i gdzie jestem.",
        "play_said": "Otwórz w przeglądarce adres 127.0.0.1, port {port}, i wpisz kod {code}. "
        "Ten terminal to konsola stołu: pauza, dalej, koniec.",
        "play_shared": "{names} grają na jednej stronie, po kolei: gdy przychodzi czyja "
        "kolej, strona chowa płytki, aż ta osoba naciśnie Enter w polu polecenia.",
    },
    "en": {
        "title": "Braille Words: your seat at the table",
        "join": "Join a table",
        "code": "Join code (6 digits from your teacher)",
        "language": "Language",
        "verbosity": "How much to say",
        "beginner": "a lot (beginner)",
        "expert": "little (expert)",
        "join_button": "Join",
        "joining": "Connecting to the table…",
        "joined": "Joined the table.",
        "focus_command": "You are in the command field: type your next move here.",
        "focus_now": "Now here: ",
        "command": "Command (as in the terminal, e.g. rack, help)",
        "send": "Send",
        "status": "The game",
        "area_rack": "Your tiles",
        "area_cards": "Your cards",
        "area_loose": "Tiles taken off the table",
        "area_table": "The table",
        "area_board": "The board",
        "area_scores": "Scores",
        "area_words": "Words",
        "area_theme": "Theme",
        "area_task": "Task",
        "area_characters": "Characters",
        "word_n": "Word {n}",
        "end_of_word": "end of word {n}",
        "picked": "picked",
        "empty": "empty",
        "square_pending": "move waiting",
        "square_last": "last move",
        "joker": "joker",
        "news": "News",
        "settings": "Settings",
        "sounds": "Sounds",
        "volume": "Sound volume",
        "self_voicing": "Read aloud by itself (without a screen reader)",
        "keys": "Keys",
        "keys_intro": "These keys work anywhere on the page and take no key of NVDA, JAWS or "
        "VoiceOver (on a Mac: Option for Alt). The answer comes in the news.",
        "key_rack": "your tiles or cards",
        "key_table": "the table or board",
        "key_scores": "the scores",
        "key_repeat": "repeat the last sentence",
        "key_where": "where am I: whose turn, and what now",
        "key_command": "to the command field",
        "key_board": "On the board: the arrow keys move square by square, Enter or Space "
        "lays the picked card.",
        "turn_yours": "Your turn.",
        "turn_named": "Turn: {name} (you).",
        "hand_over": "{name}'s turn. Pass the computer; {name}, press Enter in the command "
                     "field when nobody else is listening.",
        "turn_of": "Turn: {names}.",
        "over": "The game is over.",
        "scores_line": "{name}: {score}",
        "page_changed": "The table changed before the button arrived. Press it again.",
        "lost": "The connection to the table is broken. Connecting again…",
        "no_script": "This page needs JavaScript.",
        "play_at": "Your seat is in your browser: {url} (code {code}). Open that address; your "
        "screen reader reads the game, and Alt+Shift+1 to 5 are rack, table, score, repeat "
        "and where am I.",
        "play_said": "Open the address 127.0.0.1, port {port}, in your browser and type the "
        "code {code}. This terminal is the table's console: pause, go on, end.",
        "play_shared": "{names} play on one page, taking turns: when it is someone's turn "
        "the page hides the tiles until that person presses Enter in the command field.",
    },
}

READING: dict[str, dict[str, str]] = {
    "pl": {"repeat": "powtórz", "where": "gdzie", "scores": "wyniki"},
    "en": {"repeat": "repeat", "where": "where", "scores": "scores"},
}
"""Review keys every game shares: (rack or table line's word is the game's own, below)."""

OWN_READING: dict[str, tuple[str, str, str, str]] = {
    "word_rummikub": ("stojak", "stół", "rack", "table"),
    "seven_words": ("karty", "słowa", "cards", "words"),
    "scrabble_cards": ("karty", "plansza", "cards", "board"),
    "word_thief": ("karty", "stół", "cards", "table"),
    "alicja": ("litery", "temat", "letters", "theme"),
}
"""The typed commands the review keys send: the same lines a player types."""

KEYS = (("1", "key_rack"), ("2", "key_table"), ("3", "key_scores"), ("4", "key_repeat"),
        ("5", "key_where"), ("0", "key_command"))
"""Alt+Shift+digit: free in NVDA, JAWS, VoiceOver and the browsers' own menus."""


def words(lang: str) -> dict[str, str]:
    return WORDS["en" if lang == "en" else "pl"]


def review_lines(game: str, lang: str) -> dict[str, str]:
    """The line each review key types, in this game and language."""
    en = lang == "en"
    shared = dict(READING["en" if en else "pl"])
    own = OWN_READING.get(game, ("stojak", "stół", "rack", "table"))
    return {**shared, "rack": own[2] if en else own[0], "table": own[3] if en else own[1]}
