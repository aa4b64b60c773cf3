## How the spec's values read: one label per value, used by the task forms and /settings alike

label-format-9_16 = Вертикальний 9:16
label-format-16_9 = Горизонтальний 16:9
label-format-1_1 = Квадратний 1:1
label-format-original = Як в оригіналі

label-animation-none = Нерухомі кадри
label-animation-ken_burns = Плавний наїзд і панорама

label-transition-none = Пряма склейка
label-transition-fade = Згасання
label-transition-dissolve = Розчинення
label-transition-slide = Зсув
label-transition-cover = Накриття
label-transition-reveal = Відкриття
label-transition-zoom = Наближення
label-transition-squeeze = Стискання
label-transition-wind = Вітер
label-transition-pixel = Пікселізація
label-transition-circle = Коло
label-transition-random = Щоразу інший

label-sub-style-yellow_basic = Класичний жовтий
label-sub-style-purple_green = Фіолетово-зелений
label-sub-style-minimal_white = Стриманий білий
label-sub-style-news_style = Як у новинах
label-sub-style-fire_orange = Вогняно-помаранчевий
label-sub-style-pop_green = Яскраво-зелений
label-sub-style-word_box_orange = Слово в помаранчевій рамці
label-sub-style-karaoke_cyan = Бірюзове караоке
label-sub-style-cursor_selection = Підсвічене слово
label-sub-style-single_green_box = Слово в зеленій рамці
label-sub-style-business_news = Ділові новини
label-sub-style-dynamic_colors = Мінливі кольори
label-sub-style-elegant_white = Вишуканий білий
label-sub-style-dual_duet = Двоколірний дует

label-sub-position-top = Угорі
label-sub-position-center = Посередині
label-sub-position-bottom = Унизу

label-sub-size-small = Малий
label-sub-size-medium = Середній
label-sub-size-large = Великий

label-tts-style-unset = Власна манера голосу
label-tts-style-standard = Звичайний
label-tts-style-calm = Спокійний
label-tts-style-expressive = Виразний
label-tts-style-energetic = Енергійний
label-tts-style-dramatic = Драматичний
label-tts-style-cheerful = Бадьорий

label-speed = ×{ NUMBER($speed, minimumFractionDigits: 1) }
label-percent = { $percent } %
label-seconds = { NUMBER($seconds, maximumFractionDigits: 1) } с
label-clips-auto = Автоматично
label-clips = { $count ->
    [one] { $count } ролик
    [few] { $count } ролики
    [many] { $count } роликів
   *[other] { $count } ролика
}

label-reframe-blur = Розмитий фон
label-reframe-fill = Заповнити кадр
label-reframe-fill_blur = Заповнити, розмиті краї
label-reframe-zoom = Наблизити
label-reframe-crop = Обрізати по центру
label-reframe-auto = Автоматично

label-audio-mix-replace = Лише голос і музика
label-audio-mix-add = Звук роликів на повну
label-audio-mix-overlay = Звук роликів тихіше

label-card-mode-auto = Автоматично
label-card-mode-semi = Автоматично і мої вказівки
label-card-mode-manual = Лише мої вказівки
label-card-density-rare = Мало
label-card-density-normal = Звичайно
label-card-density-dense = Багато

label-sound-none = Без звуку
label-sound-click = Клацання
label-sound-pop = Бульк
label-sound-whoosh = Свист
label-sound-paper_flip = Гортання сторінки

label-dubbing-mode-auto = Автоматично
label-dubbing-mode-semi_auto = Спершу перевірити текст
label-dubbing-mode-manual = Мої субтитри

label-mix-mode-overlay = Залишити тихіше
label-mix-mode-replace = Прибрати

label-sub-lang-dubbed = Новий голос
label-sub-lang-original = Оригінальне мовлення
label-sub-lang-none = Без субтитрів

label-output-txt = Звичайний текст
label-output-srt = Субтитри з таймкодами
label-output-both = Текст і субтитри

label-motion-source-text = Текст
label-motion-source-voice = Запис голосу
label-motion-source-video = Відео з ведучим

label-motion-style-cream_editorial = Кремовий журнальний
label-motion-style-dark_bold = Темний контрастний
label-motion-style-purple_block = Фіолетові блоки
label-motion-style-green_neon = Зелений неон
label-motion-style-business_gold = Діловий золотий
label-motion-style-psychology_calm = Спокійний пастельний
label-motion-style-history_sepia = Історична сепія
label-motion-style-news_red = Червоні новини
label-motion-style-ocean_tech = Морський технологічний
label-motion-style-bloom_pastel = Пастельне цвітіння
label-motion-style-kitchen_warm = Тепла кухня
label-motion-style-mono_minimal = Чорно-білий мінімалізм
label-motion-style-cyber_neon = Кібернеон

label-filter-vivid = Яскравий
label-filter-contrast = Контрастний
label-filter-ocean = Океан
label-filter-forest = Ліс
label-filter-warm = Теплий
label-filter-cinema = Кіно
label-filter-bw = Чорно-білий
label-filter-vintage = Вінтаж

label-language-detect = Визначити автоматично
label-translate-none = Не перекладати
label-music-none = Без музики
label-duration-keep = Не змінювати

label-colour-style = Колір стилю
label-colour-white = ⬜ Білий
label-colour-yellow = 🟨 Жовтий
label-colour-green = 🟩 Зелений
label-colour-cyan = 🟦 Бірюзовий
label-colour-magenta = 🟪 Пурпуровий
label-colour-orange = 🟧 Помаранчевий
label-colour-custom = 🎨 { $hex }

label-overlay-style-unset = Звичайний
label-overlay-style-clean_white = Чистий білий
label-overlay-style-bold_yellow = Жирний жовтий
label-overlay-style-outline_black = Чорний контур
label-overlay-style-soft_pink = Ніжно-рожевий
label-overlay-style-elegant_script = Рукописний
label-overlay-style-news_bar = Новинна плашка
label-overlay-style-impact_red = Яскраво-червоний
label-overlay-position-unset = Звичайне
label-overlay-position-top_left = Угорі ліворуч
label-overlay-position-top_center = Угорі посередині
label-overlay-position-top_right = Угорі праворуч
label-overlay-position-middle_left = Посередині ліворуч
label-overlay-position-center = По центру
label-overlay-position-middle_right = Посередині праворуч
label-overlay-position-bottom_left = Унизу ліворуч
label-overlay-position-bottom_center = Унизу посередині
label-overlay-position-bottom_right = Унизу праворуч
label-overlay-size-unset = Звичайний
label-overlay-size-small = Малий
label-overlay-size-medium = Середній
label-overlay-size-large = Великий
label-overlay-anim-unset = Без анімації
label-overlay-anim-pop = Виринання
label-overlay-anim-slide_left = Зсув ліворуч
label-overlay-anim-slide_right = Зсув праворуч
label-overlay-anim-type = Друкарська машинка
label-caption-times = { $start }–{ $end } с
label-caption-from = з { $start } с до кінця

form-error-colour = Надішліть колір у вигляді #RRGGBB, наприклад #FFCC00 — золотисто-жовтий.

voice-automatic-short = На вибір сервісу
voice-price = { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токени
    [many] { $tokens } токенів
   *[other] { $tokens } токена
    } за хвилину

## Sizes of files and storage
size-bytes = { $value } Б
size-kilobytes = { $value } КБ
size-megabytes = { $value } МБ
size-gigabytes = { $value } ГБ
size-terabytes = { $value } ТБ
