## How the spec's values read: one label per value, used by the task forms and /settings alike

label-format-9_16 = Вертикальный 9:16
label-format-16_9 = Горизонтальный 16:9
label-format-1_1 = Квадратный 1:1
label-format-original = Как в оригинале

label-animation-none = Неподвижные кадры
label-animation-ken_burns = Плавный наезд и панорама

label-transition-none = Прямая склейка
label-transition-fade = Затемнение
label-transition-dissolve = Растворение
label-transition-slide = Сдвиг
label-transition-cover = Наплыв
label-transition-reveal = Открытие
label-transition-zoom = Приближение
label-transition-squeeze = Сжатие
label-transition-wind = Ветер
label-transition-pixel = Пикселизация
label-transition-circle = Круг
label-transition-random = Каждый раз другой

label-sub-style-yellow_basic = Классический жёлтый
label-sub-style-purple_green = Фиолетово-зелёный
label-sub-style-minimal_white = Строгий белый
label-sub-style-news_style = Как в новостях
label-sub-style-fire_orange = Огненно-оранжевый
label-sub-style-pop_green = Ярко-зелёный
label-sub-style-word_box_orange = Слово в оранжевой рамке
label-sub-style-karaoke_cyan = Бирюзовое караоке
label-sub-style-cursor_selection = Подсвеченное слово
label-sub-style-single_green_box = Слово в зелёной рамке
label-sub-style-business_news = Деловые новости
label-sub-style-dynamic_colors = Меняющиеся цвета
label-sub-style-elegant_white = Изящный белый
label-sub-style-dual_duet = Двухцветный дуэт

label-sub-position-top = Сверху
label-sub-position-center = Посередине
label-sub-position-bottom = Снизу

label-sub-size-small = Мелкий
label-sub-size-medium = Средний
label-sub-size-large = Крупный

label-tts-style-unset = Собственная манера голоса
label-tts-style-standard = Обычный
label-tts-style-calm = Спокойный
label-tts-style-expressive = Выразительный
label-tts-style-energetic = Энергичный
label-tts-style-dramatic = Драматичный
label-tts-style-cheerful = Бодрый

label-speed = ×{ NUMBER($speed, minimumFractionDigits: 1) }
label-percent = { $percent } %
label-seconds = { NUMBER($seconds, maximumFractionDigits: 1) } с
label-clips-auto = Автоматически
label-clips = { $count ->
    [one] { $count } ролик
    [few] { $count } ролика
    [many] { $count } роликов
   *[other] { $count } ролика
}

label-reframe-blur = Размытый фон
label-reframe-fill = Заполнить кадр
label-reframe-fill_blur = Заполнить, размытые края
label-reframe-zoom = Приблизить
label-reframe-crop = Обрезать по центру
label-reframe-auto = Автоматически

label-audio-mix-replace = Только голос и музыка
label-audio-mix-add = Звук роликов на полную
label-audio-mix-overlay = Звук роликов тише

label-card-mode-auto = Автоматически
label-card-mode-semi = Автоматически и мои указания
label-card-mode-manual = Только мои указания
label-card-density-rare = Мало
label-card-density-normal = Обычно
label-card-density-dense = Много

label-sound-none = Без звука
label-sound-click = Щелчок
label-sound-pop = Хлопок
label-sound-whoosh = Свист
label-sound-paper_flip = Шелест страницы

label-dubbing-mode-auto = Автоматически
label-dubbing-mode-semi_auto = Сначала проверить текст
label-dubbing-mode-manual = Мои субтитры

label-mix-mode-overlay = Оставить тише
label-mix-mode-replace = Убрать

label-sub-lang-dubbed = Новый голос
label-sub-lang-original = Исходная речь
label-sub-lang-none = Без субтитров

label-output-txt = Обычный текст
label-output-srt = Субтитры с таймкодами
label-output-both = Текст и субтитры

label-motion-source-text = Текст
label-motion-source-voice = Запись голоса
label-motion-source-video = Видео с ведущим

label-motion-style-cream_editorial = Кремовый журнальный
label-motion-style-dark_bold = Тёмный контрастный
label-motion-style-purple_block = Фиолетовые блоки
label-motion-style-green_neon = Зелёный неон
label-motion-style-business_gold = Деловой золотой
label-motion-style-psychology_calm = Спокойный пастельный
label-motion-style-history_sepia = Историческая сепия
label-motion-style-news_red = Красные новости
label-motion-style-ocean_tech = Морской технологичный
label-motion-style-bloom_pastel = Пастельное цветение
label-motion-style-kitchen_warm = Тёплая кухня
label-motion-style-mono_minimal = Чёрно-белый минимализм
label-motion-style-cyber_neon = Кибернеон

label-filter-vivid = Яркий
label-filter-contrast = Контрастный
label-filter-ocean = Океан
label-filter-forest = Лес
label-filter-warm = Тёплый
label-filter-cinema = Кино
label-filter-bw = Чёрно-белый
label-filter-vintage = Винтаж

label-language-detect = Определить автоматически
label-translate-none = Не переводить
label-music-none = Без музыки
label-duration-keep = Не менять

label-colour-style = Цвет стиля
label-colour-white = ⬜ Белый
label-colour-yellow = 🟨 Жёлтый
label-colour-green = 🟩 Зелёный
label-colour-cyan = 🟦 Бирюзовый
label-colour-magenta = 🟪 Пурпурный
label-colour-orange = 🟧 Оранжевый
label-colour-custom = 🎨 { $hex }

label-overlay-style-unset = Обычный
label-overlay-style-clean_white = Чистый белый
label-overlay-style-bold_yellow = Жирный жёлтый
label-overlay-style-outline_black = Чёрный контур
label-overlay-style-soft_pink = Нежно-розовый
label-overlay-style-elegant_script = Рукописный
label-overlay-style-news_bar = Новостная плашка
label-overlay-style-impact_red = Ярко-красный
label-overlay-position-unset = Обычное
label-overlay-position-top_left = Сверху слева
label-overlay-position-top_center = Сверху посередине
label-overlay-position-top_right = Сверху справа
label-overlay-position-middle_left = Посередине слева
label-overlay-position-center = По центру
label-overlay-position-middle_right = Посередине справа
label-overlay-position-bottom_left = Снизу слева
label-overlay-position-bottom_center = Снизу посередине
label-overlay-position-bottom_right = Снизу справа
label-overlay-size-unset = Обычный
label-overlay-size-small = Мелкий
label-overlay-size-medium = Средний
label-overlay-size-large = Крупный
label-overlay-anim-unset = Без анимации
label-overlay-anim-pop = Выскакивание
label-overlay-anim-slide_left = Сдвиг влево
label-overlay-anim-slide_right = Сдвиг вправо
label-overlay-anim-type = Печатная машинка
label-caption-times = { $start }–{ $end } с
label-caption-from = с { $start } с до конца

form-error-colour = Пришлите цвет в виде #RRGGBB, например #FFCC00 — золотисто-жёлтый.

voice-automatic-short = На выбор сервиса
voice-price = { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токена
    [many] { $tokens } токенов
   *[other] { $tokens } токена
    } в минуту

## Sizes of files and storage
size-bytes = { $value } Б
size-kilobytes = { $value } КБ
size-megabytes = { $value } МБ
size-gigabytes = { $value } ГБ
size-terabytes = { $value } ТБ
