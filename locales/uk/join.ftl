## Joining a keyframe chain's clips into one video on the Media Task Service
join-button = 🎬 Склеїти в одне відео
join-button-some = 🎬 Склеїти { $count } з { $total }, що вийшли
join-confirm = 🎬 Склеїти кліпи { $numbers } в одне відео в такому порядку? Це зробить Media Task Service, а відео прийде з власною карткою прогресу.
join-left-out = { $count ->
    [one] Кліп { $numbers } не вийшов, тож його не буде: відео перескочить цей перехід.
   *[other] Кліпи { $numbers } не вийшли, тож їх не буде: відео перескочить ці переходи.
}
join-button-confirm = ✅ Склеїти
join-button-confirm-cost = ✅ Склеїти · близько { $tokens } { $tokens ->
    [one] токена
    [few] токенів
    [many] токенів
   *[other] токена
}
join-button-not-now = ✖️ Не зараз
join-not-now = Не склеєно. Кнопка під кліпами й далі працює.
join-started = 🎬 Склеюю кліпи { $numbers }. Відео прийде з власною карткою прогресу; токени спишуться, лише якщо все вдасться.
join-already = Ці кліпи вже склеюються: відео прийде з власною карткою прогресу.
join-too-few = Нема чого склеювати: потрібні щонайменше два кліпи.
join-clip-gone = Кліпа { $number } уже немає в сервісі генерації (його видалили або минув строк зберігання), тож нічого не склеєно й нічого не списано.
