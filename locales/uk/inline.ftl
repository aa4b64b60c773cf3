# Inline mode: the user's results offered in any chat by typing the bot's name.
help-inline = { $bot } у будь-якому чаті – поділитися там своїми результатами
welcome-inline = ↗️ Наберіть { $bot } у будь-якому чаті, щоб надіслати туди свої результати.
inline-empty-button = Результатів ще немає – відкрийте бота, щоб створити
inline-no-match-button = Нічого не знайдено – відкрити бота
