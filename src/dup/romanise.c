/* romanise: one spelling for the romanisations of a Korean or Chinese
 * name's syllables, so that two spellings of one name meet (Park Junghwan
 * and Pak Jeong-hwan, Lee Sedol and Yi Se-tol, Ma Xiaochun and Ma
 * Hsiao-ch'un: Revised Romanisation, McCune-Reischauer and the spellings
 * players choose; pinyin and Wade-Giles). A table, not a rule per name:
 * each letter group a syllable can be spelt with, written as one. Two
 * names that fold alike may still be two players (the fold merges sounds
 * the spellings do not tell apart), so it can only say that a name may be
 * the other's: dup/dupfacts.c's names_agree_spelt reads it so. Beside it
 * a few players' Japanese and Chinese readings (dup_readings_one). */
#include "dup/dupset.h"

#include <string.h>

/* Letter groups and what they are written as, longest first where one
 * begins another; a letter not in the table is itself. Consonants: the
 * voiced and voiceless spellings of one initial (g k, d t, b p: RR and
 * McCune-Reischauer, pinyin and Wade-Giles), the affricates (j, ch, tch,
 * zh, q: Jeong, Chung; Zhou, Chou; Qian, Ch'ien), the sibilants (s, sh,
 * x, hs), r and l. Vowels: eo,
 * eu, u, o, oo, ŏ, ŭ, ü one (Jeong, Jung, Chŏng; Seon, Sun; Young, Yeong,
 * Yŏng), and woo, wu (U, Woo); ee, i, yi one (Lee, Yi); ae, ai, e one;
 * oe, oi (Choe, Choi). */
static const struct {
	const char *from, *to;
} spellings[] = {
	{ "tch", "j" }, { "ch", "j" }, { "zh", "j" }, { "q", "j" }, { "j", "j" },
	{ "sh", "s" }, { "hs", "s" }, { "x", "s" },
	{ "ng", "N" }, { "kk", "k" }, { "gg", "k" }, { "g", "k" }, { "k", "k" },
	{ "tt", "t" }, { "dd", "t" }, { "d", "t" }, { "t", "t" },
	{ "pp", "p" }, { "bb", "p" }, { "b", "p" }, { "p", "p" },
	{ "ss", "s" }, { "r", "l" },
	{ "woo", "o" }, { "wu", "o" },
	{ "eo", "o" }, { "eu", "o" }, { "oo", "o" }, { "ou", "o" }, { "u", "o" },
	{ "oe", "oe" }, { "oi", "oe" },
	{ "ee", "i" }, { "yi", "i" }, { "ae", "e" }, { "ai", "e" },
	/* McCune-Reischauer's breves: ŏ, Ŏ, ŭ, Ŭ; Wade-Giles' ü, Ü, ê, Ê */
	{ "\xc5\x8f", "o" }, { "\xc5\x8e", "o" }, { "\xc5\xad", "o" }, { "\xc5\xac", "o" },
	{ "\xc3\xbc", "o" }, { "\xc3\x9c", "o" }, { "\xc3\xaa", "e" }, { "\xc3\x8a", "e" },
};

static bool vowel(char c)
{
	return c && strchr("aeiouy", c);
}

/* The folded spelling of word (ASCII lower case letters, as name_form
 * writes a Latin name's words) into out (n bytes): the table's groups
 * written as one; an r or l that ends a syllable (before a consonant or at
 * the end: Park, Pak) and an h after a vowel (Nieh, Nie) dropped; ay
 * before a consonant or the end is ae (Bay, Bae); an l, r or y before i,
 * and an l or r before y, at the word's start dropped (Lee, Rhee, Yi, I;
 * Ryu, Yu: Korean writes 리 as 이, 류 as 유 at a name's start); a j that
 * is Wade-Giles' r at the word's start as r (Jui, Rui). */
void dup_romanise(const char *word, char *out, size_t n)
{
	size_t o = 0;
	const char *w = word;
	if ((w[0] == 'l' || w[0] == 'r' || w[0] == 'y') &&
	    (w[1] == 'i' || w[1] == 'e' || (w[1] == 'h' && (w[2] == 'i' || w[2] == 'e'))) &&
	    (w[1] != 'e' || w[2] == 'e'))
		w += w[1] == 'h' ? 2 : 1;
	else if ((w[0] == 'l' || w[0] == 'r') && w[1] == 'y')
		w++;
	/* Wade-Giles' j where pinyin writes r, before the vowels no other
	 * romanisation writes after a j (Jui, Rui; Jen, Ren; Jao, Rao; Jou,
	 * Rou): r's letter. Not before a, ang, e, o, ung, which Korean's j
	 * begins too (Jang, Je, Jo, Jung), nor before ih (Jih, Ri), which a
	 * pinyin given name written as one word begins (Jihua). */
	if (w[0] == 'j' && o + 3 < n &&
	    (!strncmp(w + 1, "ui", 2) || !strncmp(w + 1, "en", 2) || !strncmp(w + 1, "ao", 2) ||
	     !strncmp(w + 1, "ou", 2))) {
		out[o++] = 'l';
		w++;
	}
	while (*w && o + 3 < n) {
		if (w[0] == 'a' && w[1] == 'y' && !vowel(w[2])) {
			out[o++] = 'e';   /* Bay, Bae */
			w += 2;
			continue;
		}
		if ((*w == 'r' || *w == 'l') && o && !vowel(w[1]) && vowel(w[-1])) {
			w++;   /* Park, Pak; Kal, Ka: a syllable's end */
			continue;
		}
		if (*w == 'h' && o && vowel(w[-1]) && !vowel(w[1])) {
			w++;   /* Nieh, Nie */
			continue;
		}
		size_t i = 0, len = 0;
		for (; i < sizeof spellings / sizeof *spellings; i++) {
			len = strlen(spellings[i].from);
			if (!strncmp(w, spellings[i].from, len))
				break;
		}
		const char *to = i < sizeof spellings / sizeof *spellings ? spellings[i].to : NULL;
		if (to) {
			size_t tl = strlen(to);
			memcpy(out + o, to, tl);
			o += tl;
			w += len;
		} else {
			out[o++] = *w++;
		}
	}
	out[o] = '\0';
}

/* Players known by readings of one name that no fold makes alike: the
 * Japanese and the Chinese (Go Seigen, Wu Qingyuan) or Korean (Cho
 * Chikun, Cho Chi-hun). Each name as its
 * words in lower case, sorted, one blank between (name_form's words). */
static const char *const readings[][2] = {
	{ "go seigen", "qingyuan wu" },
	{ "chikun cho", "chihun cho" },   /* the Korean reading beside the Japanese */
	{ "kaiho rin", "haifeng lin" },
	{ "o rissei", "lixing wang" },
	{ "meien o", "mingwan wang" },
	{ "cho u", "xu zhang" },
	/* one Japanese name's two readings: 藤沢秀行, Shuko and his given
	 * name's Hideyuki (REVIEW.md R197) */
	{ "fujisawa shuko", "fujisawa hideyuki" },
};

bool dup_readings_one(const char *x, const char *y)
{
	for (size_t i = 0; i < sizeof readings / sizeof *readings; i++)
		if ((!strcmp(x, readings[i][0]) && !strcmp(y, readings[i][1])) ||
		    (!strcmp(x, readings[i][1]) && !strcmp(y, readings[i][0])))
			return true;
	return false;
}

/* Characters of names in their other forms: simplified, traditional,
 * Japanese (洁 潔, 勋 勳 勲, 泽 澤 沢), and Korean's own (石 乭: 李世石,
 * 李世乭), a group each, the first written for all (dup_han_fold). A table
 * of the characters players' names use, not of every character: a
 * character not in it is itself. */
static const char han_forms[] =
	"洁潔 勋勳勲 石乭 卫衛 聂聶 马馬 晓曉暁 陈陳 刘劉 "
	"张張 赵趙 罗羅 钱錢銭 泽澤沢 广廣広 边邊辺 "
	"齐齊斉 国國 荣榮栄 龙龍竜 叶葉 华華 东東 杰傑 "
	"伟偉 宁寧 韩韓 郑鄭 邓鄧 孙孫 黄黃 吴吳呉 贺賀 "
	"乔喬 谢謝 时時 恒恆 锡錫 镐鎬 铉鉉 镇鎮 实實実 "
	"载載 贤賢 钟鐘鍾 进進 运運 权權権 满滿満 辉輝 "
	"学學 庆慶 义義 铭銘 连連 杨楊 汤湯 赖賴頼 苏蘇 "
	"应應応 剑劍剣 觉覺覚 芦蘆 顺順 龟龜亀 卢盧 "
	"严嚴厳 桥橋 铁鐵鉄 纪紀 红紅 丽麗 爱愛 梦夢 "
	"岁歲歳 惠恵 德徳 圣聖 帅帥 兴興 书書 发發発 凤鳳 "
	"传傳伝 伦倫 来來 钧鈞 灵靈霊 冯馮 阳陽 亚亞亜 "
	"贵貴 尧堯尭 乐樂楽 将將 胜勝 兰蘭 万萬 丰豐豊 "
	"单單 鸣鳴 鹏鵬 鹤鶴 鸿鴻 龄齡齢 涛濤 滨濱浜 浅淺 "
	"渊淵 远遠 选選 闻聞 陆陸 静靜 顾顧 颜顏顔 飞飛 "
	"驹駒 骏駿 鲁魯 团團 刚剛 强強 长長 门門 开開 "
	"关關関 宝寶 毕畢 许許 冈岡 岛島 泷瀧滝 树樹 桧檜 "
	"枫楓 历歷歴 战戰戦 宫宮 县縣県 峰峯 艺藝芸 惯慣 "
	"图圖図 坛壇 亿億 仪儀 俭儉倹 价價 侠俠 乡鄉郷 "
	"济濟済 显顯顕 晖暉 经經経 结結 绪緒 维維 纬緯 "
	"绍紹 继繼継 续續続 缘緣縁 线線 练練錬 总總総 "
	"织織 终終 绘繪絵 纯純 细細 绫綾 绿綠緑 级級 约約 "
	"纲綱 网網 讲講 记記 诚誠 谦謙 训訓 诗詩 语語 论論 "
	"识識 译譯訳 读讀読 调調 谈談 贞貞 财財 贯貫 资資 "
	"贾賈 赏賞 质質 购購 车車 轩軒 达達 迟遲遅 还還 "
	"过過 邮郵 郁鬱 针針 钢鋼 银銀 锋鋒 错錯 锦錦 键鍵 "
	"闲閑 间間 隐隱隠 难難 雾霧 韦韋 顶頂 项項 须須 "
	"领領 风風 馆館 驰馳 高髙 鱼魚 鸟鳥 黑黒 齿齒歯 "
	"丛叢 仓倉 众眾衆 优優 会會 伞傘 们們 卖賣売 "
	"厅廳庁 压壓圧 参參 双雙 台臺 号號 听聽聴 启啓 "
	"员員 园園 围圍囲 坚堅 坏壞壊 块塊 场場 声聲 "
	"处處処 备備 复復 头頭 夸誇 奋奮 奖獎奨 妇婦 娄婁 "
	"审審 宪憲 宽寬寛 对對対 寿壽 尔爾 尘塵 尝嘗 层層 "
	"岗崗 岭嶺 峡峽 币幣 师師 帐帳 带帶帯 帮幫 干幹 "
	"并並 庄莊荘 库庫 庙廟 废廢廃 异異 弃棄 弥彌 "
	"归歸帰 当當 录錄録 彦彥 径徑 从從従 忆憶 怀懷懐 "
	"态態 恋戀 恶惡悪 悦悅 惊驚 惧懼 惨慘 戏戲戯 "
	"户戶戸 拟擬 拥擁 择擇択 挥揮 据據 掷擲 摄攝 敌敵 "
	"数數 斋齋斎 断斷 无無 旧舊 昼晝 晋晉 暂暫 术術 "
	"机機 杂雜 条條 极極 构構 枪槍 标標 栋棟 栏欄 "
	"样樣様 检檢検 楼樓 樱櫻桜 横橫 欢歡 欧歐 毁毀 "
	"气氣気 汉漢 沟溝 没沒 泪淚涙 浊濁 测測 浑渾 浓濃 "
	"涂塗 润潤 涨漲 渐漸 渔漁 湾灣 湿濕 滚滾 滞滯 潜潛 "
	"澜瀾 灭滅 灯燈 点點 炼煉 烟煙 烧燒焼 热熱 爷爺 "
	"牵牽 犹猶 狭狹 狮獅 独獨 猎獵猟 献獻 环環 现現 "
	"珐琺 电電 画畫 畅暢 疗療 盐鹽塩 监監 盖蓋 盘盤 "
	"着著 矿礦鉱 码碼 砖磚 礼禮 祸禍 离離 种種 积積 "
	"称稱 税稅 稳穩穏 穷窮 窃竊 竞競 笔筆 笋筍 筑築 "
	"签簽 简簡 粮糧 紧緊 纵縱縦 蛮蠻 补補 装裝 见見 "
	"观觀観 规規 视視 览覽覧 誉譽 计計 认認 让讓譲 "
	"议議 设設 访訪 证證証 评評 诉訴 词詞 试試 话話 "
	"该該 详詳 说說説 请請 诸諸 谋謀 谱譜 负負 贡貢 "
	"败敗 货貨 贩販 贫貧 贱賤 贴貼 贷貸 费費 贸貿 赌賭 "
	"赐賜 赛賽 赞贊賛 赶趕 趋趨 跃躍 践踐 踪蹤 轨軌 "
	"转轉転 轮輪 软軟 轻輕軽 较較 辑輯 输輸 辞辭 迁遷 "
	"迹跡 适適 逊遜 递遞逓 逻邏 遗遺 邻鄰 酱醬 释釋釈 "
	"鉴鑑 钓釣 钝鈍 钩鉤 钻鑽 铅鉛 铜銅 铺鋪 链鏈 销銷 "
	"锁鎖 锅鍋 锐銳鋭 锻鍛 镜鏡 闪閃 闭閉 问問 闯闖 "
	"阁閣 阵陣 阶階 际際 险險険 随隨 隶隸 虽雖 雳靂 "
	"霁霽 韧韌 页頁 顷頃 顽頑 顿頓 颂頌 预預 频頻 题題 "
	"额額 饭飯 饮飲 饰飾 饱飽 馈饋 驱驅駆 驳駁 驻駐 "
	"驾駕 验驗験 骑騎 骚騷 鲜鮮 鸡雞鶏 麦麥"
	" 烨燁 钰鈺 颖穎 玮瑋 铠鎧 韬韜 骥驥 锴鍇 钦欽 灏灝"
	" 诩詡 珑瓏 旸暘 赟贇 璎瓔 琼瓊 晔曄 炜煒 焕煥 烁爍"
	" 焘燾 铮錚 镭鐳 钊釗 铎鐸 镛鏞 鹰鷹 骞騫 骁驍 骅驊"
	" 纶綸 缙縉 绮綺 绅紳 绶綬 缨纓 颢顥 颉頡 颀頎 荪蓀"
	" 萧蕭 蒋蔣 蓝藍 苇葦 莹瑩 荧熒 萤螢 营營 谭譚 谌諶"
	" 谊誼 诺諾 邹鄒 闫閆 阎閻 陇隴 隽雋 霭靄 靓靚 韵韻"
	" 飙飆 鲲鯤";

void dup_han_fold(const char *name, char *out, size_t n)
{
	size_t o = 0;
	for (const char *s = name; *s && o + 4 < n;) {
		size_t len = (unsigned char)*s >= 0xF0 ? 4 : (unsigned char)*s >= 0xE0 ? 3
			     : (unsigned char)*s >= 0xC0 ? 2 : 1;
		char c[5] = { 0 };
		for (size_t i = 0; i < len && s[i]; i++)
			c[i] = s[i];
		const char *hit = len == 3 ? strstr(han_forms, c) : NULL;
		if (hit) {   /* its group's first (UTF-8 matches at characters only) */
			while (hit > han_forms && hit[-1] != ' ')
				hit -= 3;
			memcpy(out + o, hit, 3);
		} else {
			memcpy(out + o, c, strlen(c));
		}
		o += hit ? 3 : strlen(c);
		s += strlen(c) ? strlen(c) : 1;
	}
	out[o] = '\0';
}
