// Every hardware rule the code, tests and docs cite must be defined in docs/hardware.md.
//
// Rules are cited by ID (C4, W2, P7, T1 ...) and sections by number (§7, §11 point 4). The ID
// letters are also register, object and key names (P0, M3, PF1, F9), so a bare "C4" anywhere
// is not a citation; only these forms are:
//   - after "reference", "rule(s)", "see" or "hardware.md": "reference C7, P9", "rules K1/K5",
//     "Reference rules D1-D8", "reference §4, F1, F4, F6";
//   - a parenthesis that starts with IDs: "(C6)", "(C3, C4)", "(D8, reported as a warning)",
//     or ends with them: "(... half-pixel is lit, F1)", "(... trimpot: K3)"; not in src/app,
//     where "(F9)" is a key;
//   - at the start of a comment: "// C1, C2", "// W1: nothing outside the window";
//   - a GoogleTest named after its rule: TEST(Collision, C4_PlayerPairIsSymmetric);
//   - sections: "reference §7", "reference §11 point 4", "docs/hardware.md, §7", and a
//     section by its title: docs/hardware.md, "ANTIC DMA timing".
// A list holding an ID numbered 0 (P0-P3, C0 controls) names registers or objects: no rule is
// numbered 0. A range "C1-C12" cites every rule in it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string kId = R"([ACHWFPDKT][0-9]{1,2})";
const std::string kList = "(?:" + kId + R"((?:(?:\s*[,/]\s*|-|\s+and\s+))" + kId + ")*)";

// What a line of `file` cites: rule IDs as written ("C4"), sections as anchors ("s7",
// "s11.4") and section titles ("ANTIC DMA timing").
struct Citations {
    std::set<std::string> rules, sections, titles;
};

// The IDs in a list, ranges expanded; none if the list names registers (an ID numbered 0).
std::vector<std::string> idsOfList(const std::string& list) {
    static const std::regex item(R"(([A-Z])([0-9]{1,2})(?:-([A-Z])([0-9]{1,2}))?)");
    std::vector<std::string> ids;
    for (std::sregex_iterator i(list.begin(), list.end(), item), end; i != end; ++i) {
        const auto& m = *i;
        if (m[2].str().front() == '0' || (m[4].matched && m[4].str().front() == '0')) return {};
        const int from = std::stoi(m[2]);
        if (m[3].matched && m[3] == m[1]) {
            const int to = std::stoi(m[4]);
            for (int n = from; n <= to; ++n) ids.push_back(m[1].str() + std::to_string(n));
        } else {
            ids.push_back(m[1].str() + m[2].str());
            if (m[3].matched) ids.push_back(m[3].str() + m[4].str());
        }
    }
    return ids;
}

// Only lines that could hold a citation go through the regular expressions: a capital of the
// ID letters followed by a digit 1-9, or "§" or "hardware.md", and no hex dump (a line
// longer than any sentence, as the scenes' memory blocks are).
bool mayCite(const std::string& line) {
    if (line.size() > 4000) return false;
    if (line.find("§") != std::string::npos || line.find("hardware.md") != std::string::npos) return true;
    for (size_t i = 0; i + 1 < line.size(); ++i)
        if (std::string_view("ACHWFPDKT").find(line[i]) != std::string_view::npos && line[i + 1] >= '1' &&
            line[i + 1] <= '9')
            return true;
    return false;
}

void citationsOfLine(const std::string& line, bool parenthesesCite, Citations& out) {
    if (!mayCite(line)) return;
    static const std::vector<std::regex> listForms = [] {
        std::vector<std::regex> forms{
            std::regex(
                R"(\b(?:[Rr]eference|[Rr]ules?|[Ss]ee|hardware\.md)\b,?(?:\s+§[0-9]+(?:\.[0-9]+)?(?:\s*[,/]\s*|\s+))?\s*()" +
                kList + R"()\b)"),
            std::regex(R"((?:^|[^/])//\s*()" + kList + R"()(?=\s*[:,]|\s*$))"),
            std::regex(R"(\bTEST(?:_F|_P)?\(\s*\w+\s*,\s*()" + kId + ")_"),
        };
        return forms;
    }();
    static const std::vector<std::regex> parenForms{
        std::regex(R"(\(()" + kList + R"()(?=\s*[),:]))"),
        std::regex(R"([,:]\s*()" + kList + R"()\))"),
    };
    static const std::regex section(
        R"(\b(?:[Rr]eference|hardware\.md,?)\s+§([0-9]+)(?:\.([0-9]+)|\s+point\s+([0-9]+))?)");
    static const std::regex title(R"(hardware\.md,?\s+\"([^\"]+)\")");

    auto scan = [&](const std::regex& form) {
        for (std::sregex_iterator i(line.begin(), line.end(), form), end; i != end; ++i)
            for (auto& id : idsOfList((*i)[1])) out.rules.insert(id);
    };
    for (const auto& form : listForms) scan(form);
    if (parenthesesCite)
        for (const auto& form : parenForms) scan(form);
    for (std::sregex_iterator i(line.begin(), line.end(), section), end; i != end; ++i) {
        const auto& m = *i;
        std::string anchor = "s" + m[1].str();
        if (m[2].matched) anchor += "." + m[2].str();
        if (m[3].matched) anchor += "." + m[3].str();
        out.sections.insert(anchor);
    }
    for (std::sregex_iterator i(line.begin(), line.end(), title), end; i != end; ++i) out.titles.insert((*i)[1]);
}

Citations citationsOfText(const std::string& text, bool parenthesesCite = true) {
    Citations c;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) citationsOfLine(line, parenthesesCite, c);
    return c;
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// What docs/hardware.md defines: its anchors (<a id="C4"></a>, <a id="s7"></a>) and the
// titles of its headings.
struct Definitions {
    std::set<std::string> anchors, titles;
};

Definitions definitionsOf(const std::string& doc) {
    Definitions d;
    static const std::regex anchor(R"re(<a id="([^"]+)"></a>)re");
    for (std::sregex_iterator i(doc.begin(), doc.end(), anchor), end; i != end; ++i) d.anchors.insert((*i)[1]);
    static const std::regex heading(R"(^#+\s+(?:<a id="[^"]+"></a>)?(.*?)\s*$)");
    std::istringstream in(doc);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, heading)) d.titles.insert(m[1]);
    }
    return d;
}

const fs::path kSource = PMGLAB_SOURCE_DIR;

bool isTextSource(const fs::path& p) {
    static const std::set<std::string> kinds{".cpp", ".h",    ".in", ".md", ".txt",  ".cmake",
                                             ".s",   ".json", ".py", ".sh", ".frag", ".vert"};
    return kinds.count(p.extension().string()) > 0;
}

// Every citation in the project's own text that docs/hardware.md does not define, as
// "file:line: what".
std::vector<std::string> undefinedCitations() {
    const Definitions defs = definitionsOf(readFile(kSource / "docs/hardware.md"));
    std::vector<fs::path> files{kSource / "README.md"};
    for (const char* dir : {"src", "tests", "docs", "bench", "fuzz", "assets", "roms"}) {
        if (!fs::exists(kSource / dir)) continue;
        for (const auto& e : fs::recursive_directory_iterator(kSource / dir))
            if (e.is_regular_file() && isTextSource(e.path()) && e.path() != kSource / "docs/hardware.md" &&
                e.path().parent_path() != kSource / "tests/docs")  // this test's own examples
                files.push_back(e.path());
    }
    std::vector<std::string> missing;
    for (const auto& file : files) {
        const std::string rel = fs::relative(file, kSource).generic_string();
        // The window's code names function keys (F9) in parentheses; it cites rules only after
        // "reference".
        const bool parenthesesCite = rel.rfind("src/app/", 0) != 0;
        std::istringstream in(readFile(file));
        int n = 0;
        for (std::string line; std::getline(in, line);) {
            ++n;
            Citations c;
            citationsOfLine(line, parenthesesCite, c);
            for (const auto& id : c.rules)
                if (!defs.anchors.count(id)) missing.push_back(rel + ":" + std::to_string(n) + ": rule " + id);
            for (const auto& s : c.sections)
                if (!defs.anchors.count(s)) missing.push_back(rel + ":" + std::to_string(n) + ": section " + s);
            for (const auto& t : c.titles)
                if (!defs.titles.count(t)) missing.push_back(rel + ":" + std::to_string(n) + ": section \"" + t + "\"");
        }
    }
    return missing;
}

using Ids = std::set<std::string>;

TEST(RuleReferences, CitationFormsAreRecognised) {
    EXPECT_EQ(citationsOfText("// A player never collides with itself (reference C3).").rules, (Ids{"C3"}));
    EXPECT_EQ(citationsOfText("// display only (reference C7, P9).").rules, (Ids{"C7", "P9"}));
    EXPECT_EQ(citationsOfText("// Register names, colour rules K1/K5, and the palette.").rules, (Ids{"K1", "K5"}));
    EXPECT_EQ(citationsOfText("// Reference rules W1-W5: where collisions can happen.").rules,
              (Ids{"W1", "W2", "W3", "W4", "W5"}));
    EXPECT_EQ(citationsOfText("// as GTIA sees it (reference §4, F1, F4, F6).").rules, (Ids{"F1", "F4", "F6"}));
    EXPECT_EQ(citationsOfText("add(x);  // two players: both bits (C3, C4)").rules, (Ids{"C3", "C4"}));
    EXPECT_EQ(citationsOfText("lock-up (P7) and phantom DMA (D8, reported as a warning)").rules, (Ids{"P7", "D8"}));
    EXPECT_EQ(citationsOfText("// where either half-pixel is lit, F1). Bit k").rules, (Ids{"F1"}));
    EXPECT_EQ(citationsOfText("double step = 25.7;  // set by a trimpot: K3)").rules, (Ids{"K3"}));
    EXPECT_EQ(citationsOfText("if (a < 0x10) return read(a);  // C1, C2").rules, (Ids{"C1", "C2"}));
    EXPECT_EQ(citationsOfText("  // W1: nothing outside the window").rules, (Ids{"W1"}));
    EXPECT_EQ(citationsOfText("GRACTL on is phantom DMA, see D8").rules, (Ids{"D8"}));
    EXPECT_EQ(citationsOfText("TEST(Collision, C12_ColdStartValues) {").rules, (Ids{"C12"}));
    EXPECT_EQ(citationsOfText("// Reference §11.4 / P6: a retrigger").rules, (Ids{"P6"}));
}

TEST(RuleReferences, SectionFormsAreRecognised) {
    EXPECT_EQ(citationsOfText("// the delays of reference §7 to writes").sections, (Ids{"s7"}));
    EXPECT_EQ(citationsOfText("// (reference §11 point 6); the model").sections, (Ids{"s11.6"}));
    EXPECT_EQ(citationsOfText("// Reference §11.4 / P6").sections, (Ids{"s11.4"}));
    EXPECT_EQ(citationsOfText("// its delay (docs/hardware.md, §7).").sections, (Ids{"s7"}));
    EXPECT_EQ(citationsOfText("// Manual §4.13-4.14; docs/hardware.md, \"ANTIC DMA timing\"):").titles,
              (Ids{"ANTIC DMA timing"}));
    // The Altirra manual's own sections are not this document's.
    EXPECT_TRUE(citationsOfText("// (AHRM §6.10, table 18)").sections.empty());
}

TEST(RuleReferences, RegisterObjectAndKeyNamesAreNotCitations) {
    EXPECT_TRUE(citationsOfText("int object = 0;  // 0-7 (P0-P3, M0-M3)").rules.empty());
    EXPECT_TRUE(citationsOfText("// control characters (C0, DEL and C1 controls)").rules.empty());
    EXPECT_TRUE(citationsOfText("// P0PL has the P1 bit; GRAFP0 $D00D; byte $C4").rules.empty());
    EXPECT_TRUE(citationsOfText("TEST(Sweep, MovesP1AroundP0) {").rules.empty());
    EXPECT_TRUE(citationsOfText("EmulatorRunner emulator_;  // File > Run in emulator (F9)", false).rules.empty());
}

TEST(RuleReferences, AMissingRuleIsReported) {
    const Definitions defs = definitionsOf("## <a id=\"s1\"></a>§1 One\n- <a id=\"C1\"></a>**C1** text\n");
    EXPECT_TRUE(defs.anchors.count("C1"));
    EXPECT_TRUE(defs.titles.count("§1 One"));
    const Citations c = citationsOfText("// (C1, C13) and reference §2");
    EXPECT_TRUE(c.rules.count("C13"));
    EXPECT_FALSE(defs.anchors.count("C13"));
    EXPECT_FALSE(defs.anchors.count(*c.sections.begin()));
}

TEST(RuleReferences, HardwareDocDefinesEveryRuleOfEachFamily) {
    const Definitions defs = definitionsOf(readFile(kSource / "docs/hardware.md"));
    const std::vector<std::pair<char, int>> families{{'C', 12}, {'H', 4}, {'W', 5},  {'F', 7}, {'P', 10},
                                                     {'D', 9},  {'K', 6}, {'T', 11}, {'A', 4}};
    for (const auto& [letter, count] : families)
        for (int n = 1; n <= count; ++n) EXPECT_TRUE(defs.anchors.count(letter + std::to_string(n))) << letter << n;
    for (int s = 0; s <= 11; ++s) EXPECT_TRUE(defs.anchors.count("s" + std::to_string(s))) << "§" << s;
}

TEST(RuleReferences, EveryCitedRuleIsDefinedInHardwareDoc) {
    const auto missing = undefinedCitations();
    std::string list;
    for (const auto& m : missing) list += "\n  " + m;
    EXPECT_TRUE(missing.empty()) << "cited but not defined in docs/hardware.md:" << list;
}

// What a string the window shows cites: the forms of citationsOfLine, parentheses included,
// "docs/hardware.md (A4) describes the rule", "(A1, A4)", but not "(P1)", "(P2, P3)": P1-P3 are
// the players there, as P0 and M0-M3 are (which no rule is).
void userCitationsOfLine(const std::string& line, Citations& out) {
    Citations c;
    citationsOfLine(line, true, c);
    for (const auto& id : c.rules)
        if (!(id.size() == 2 && id[0] == 'P' && id[1] >= '1' && id[1] <= '3')) out.rules.insert(id);
    out.sections.insert(c.sections.begin(), c.sections.end());
    out.titles.insert(c.titles.begin(), c.titles.end());
}

Citations userCitationsOfText(const std::string& text) {
    Citations c;
    userCitationsOfLine(text, c);
    return c;
}

TEST(RuleReferences, UserTextCitationsAreRuleIdsNotObjectNames) {
    EXPECT_EQ(userCitationsOfText("Altirra, for facts; docs/hardware.md (A4) describes the rule.").rules, (Ids{"A4"}));
    EXPECT_EQ(userCitationsOfText("docs/hardware.md (A1, A4) describes the rule.").rules, (Ids{"A1", "A4"}));
    EXPECT_EQ(userCitationsOfText("describes the hardware rule (A4, A3).").rules, (Ids{"A3", "A4"}));
    EXPECT_EQ(userCitationsOfText("a retrigger (P5) and the lock-up (P10)").rules, (Ids{"P5", "P10"}));
    for (const char* family : {"C", "H", "W", "F", "P", "D", "K", "T", "A"})
        EXPECT_EQ(userCitationsOfText(std::string("the rule (") + family + "4)").rules,
                  (Ids{std::string(family) + "4"}));
    EXPECT_TRUE(userCitationsOfText("the enemy (P1) and the ship (P0)").rules.empty());
    EXPECT_TRUE(userCitationsOfText("not even players (P2); background (P3).").rules.empty());
    EXPECT_TRUE(userCitationsOfText("the thin enemy (P1, 2 colour clocks wide)").rules.empty());
    EXPECT_TRUE(userCitationsOfText("four players (P0-P3) and four missiles (M0-M3)").rules.empty());
    EXPECT_TRUE(userCitationsOfText("clocks wide (P0, P1, P2 here)").rules.empty());
    EXPECT_TRUE(userCitationsOfText("hits it (P0PF = PF2): step frames (F)").rules.empty());
}

// What the window shows a user, scene descriptions and lesson texts, speaks their language:
// no rule IDs or section numbers of the project's hardware reference (the facts themselves
// are in the text).
TEST(RuleReferences, ScenesAndLessonsCiteNoRuleToTheUser) {
    std::string found;
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(kSource / "assets")) {
        if (e.path().extension() != ".json") continue;
        ++files;
        // Each string of the file alone: a scene may be written on one line, which as a whole
        // is longer than any sentence and would be taken for a hex dump.
        // (A scan by hand: std::regex recurses per character and the memory strings are long.)
        Citations c;
        const std::string text = readFile(e.path());
        for (size_t i = text.find('"'); i != std::string::npos; i = text.find('"', i + 1)) {
            size_t j = i + 1;
            while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
            userCitationsOfLine(text.substr(i + 1, j - i - 1), c);
            i = j;
        }
        for (const auto& r : c.rules) found += "\n  " + e.path().string() + ": " + r;
        for (const auto& r : c.sections) found += "\n  " + e.path().string() + ": section " + r;
    }
    EXPECT_GT(files, 20);
    EXPECT_TRUE(found.empty()) << "rule IDs in text the window shows:" << found;
}

TEST(RuleReferences, ReadmeLinksTheHardwareDoc) {
    const std::string readme = readFile(kSource / "README.md");
    EXPECT_NE(readme.find("(docs/hardware.md)"), std::string::npos);
    EXPECT_EQ(readme.find("shared/reference"), std::string::npos);
}

}  // namespace
