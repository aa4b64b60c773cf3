/**
 * What a voice says when a user presses ▶: one short, natural sentence in each of the 31 languages the
 * service has curated voices for, so a voice is heard in its own language.
 */
import { languageCode } from "./index.js";

const SAMPLE_SENTENCES: Readonly<Record<string, string>> = {
  uk: "Привіт! Ось так звучить мій голос. Я можу озвучити ваше відео чи будь-який текст.",
  en: "Hi there! This is how my voice sounds. I can narrate your video or read any text aloud.",
  ru: "Привет! Вот так звучит мой голос. Я могу озвучить ваше видео или любой текст.",
  es: "¡Hola! Así suena mi voz. Puedo narrar tu vídeo o leer en voz alta cualquier texto.",
  de: "Hallo! So klingt meine Stimme. Ich kann dein Video vertonen oder jeden Text vorlesen.",
  fr: "Bonjour ! Voici ma voix. Je peux commenter votre vidéo ou lire n'importe quel texte.",
  pl: "Cześć! Tak brzmi mój głos. Mogę nagrać lektora do twojego filmu albo przeczytać dowolny tekst.",
  it: "Ciao! Ecco come suona la mia voce. Posso narrare il tuo video o leggere qualsiasi testo.",
  pt: "Olá! É assim que a minha voz soa. Posso narrar o seu vídeo ou ler qualquer texto em voz alta.",
  zh: "你好！这就是我的声音。我可以为你的视频配音，也可以朗读任何文字。",
  ja: "こんにちは！これが私の声です。動画のナレーションや、どんな文章の読み上げもできます。",
  ar: "مرحبًا! هكذا يبدو صوتي. يمكنني التعليق على الفيديو الخاص بك أو قراءة أي نص بصوت عالٍ.",
  tr: "Merhaba! Sesim böyle duyuluyor. Videonuzu seslendirebilir ya da herhangi bir metni okuyabilirim.",
  hi: "नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है। मैं आपके वीडियो में आवाज़ दे सकता हूँ या कोई भी पाठ पढ़ सकता हूँ।",
  id: "Halo! Beginilah suara saya. Saya bisa mengisi narasi video Anda atau membacakan teks apa pun.",
  ko: "안녕하세요! 제 목소리는 이렇게 들려요. 영상 내레이션이나 어떤 글이든 읽어 드릴 수 있어요.",
  nl: "Hallo! Zo klinkt mijn stem. Ik kan je video inspreken of elke tekst voorlezen.",
  ro: "Bună! Așa sună vocea mea. Pot să narez videoclipul tău sau să citesc orice text.",
  bn: "নমস্কার! আমার কণ্ঠস্বর এমন শোনায়। আমি আপনার ভিডিওতে কণ্ঠ দিতে বা যেকোনো লেখা পড়ে শোনাতে পারি।",
  vi: "Xin chào! Đây là giọng nói của tôi. Tôi có thể lồng tiếng cho video hoặc đọc bất kỳ văn bản nào.",
  th: "สวัสดีครับ! นี่คือเสียงของผม ผมพากย์วิดีโอของคุณหรืออ่านข้อความใดก็ได้",
  ms: "Helo! Beginilah bunyi suara saya. Saya boleh menjadi pencerita video anda atau membaca apa-apa teks.",
  el: "Γεια σας! Έτσι ακούγεται η φωνή μου. Μπορώ να αφηγηθώ το βίντεό σας ή να διαβάσω οποιοδήποτε κείμενο.",
  cs: "Ahoj! Takhle zní můj hlas. Můžu namluvit vaše video nebo přečíst jakýkoli text.",
  sv: "Hej! Så här låter min röst. Jag kan berätta i din video eller läsa upp vilken text som helst.",
  he: "שלום! כך נשמע הקול שלי. אני יכול לקריין את הסרטון שלך או להקריא כל טקסט.",
  fa: "سلام! صدای من این‌طور است. می‌توانم ویدیوی شما را روایت کنم یا هر متنی را بلند بخوانم.",
  ur: "السلام علیکم! میری آواز ایسی سنائی دیتی ہے۔ میں آپ کی ویڈیو میں آواز دے سکتا ہوں یا کوئی بھی متن پڑھ سکتا ہوں۔",
  az: "Salam! Səsim belə eşidilir. Videonuzu səsləndirə və ya istənilən mətni oxuya bilərəm.",
  kk: "Сәлеметсіз бе! Менің дауысым осылай естіледі. Бейнеңізді дыбыстап, кез келген мәтінді оқып бере аламын.",
  uz: "Salom! Ovozim mana shunday eshitiladi. Videongizni ovozlashtirib yoki istalgan matnni o'qib bera olaman.",
};

/** The sentence a voice of `language` (a code or a locale) reads as its sample; undefined for another language. */
export function sampleSentence(language: string): string | undefined {
  const code = languageCode(language);
  return code === undefined ? undefined : SAMPLE_SENTENCES[code];
}
