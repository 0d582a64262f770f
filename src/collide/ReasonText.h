// How reasons and method notes name places and distances. Everything a user reads about a
// cell speaks one language: scan lines and colour clocks, in decimal, so a place in a
// reason can be compared with any other place in it (and with the window's readouts).
#pragma once

#include <string>

namespace pmg::collide {

std::string colourClocks(int n);  // "1 colour clock", "3 colour clocks"
std::string scanLines(int n);     // "1 scan line", "3 scan lines"

// "scan line 70, colour clock 102"; outside lines 8-247
// "scan line 252 (in the vertical blank), colour clock 116"
std::string placeText(int line, int clock);
// "scan lines 100-107", "scan line 100" (one line: no "100-100")
std::string lineSpanText(int first, int last);
// "colour clocks 124-131, scan lines 100-107", "colour clock 124, scan line 100"
std::string areaText(int left, int right, int top, int bottom);
// How far apart two pixels are, from the differences of their places:
// "3 colour clocks and 2 scan lines apart", "1 colour clock apart on one scan line".
std::string apartText(int clocks, int lines);
// The empty colour clocks and scan lines between two boxes that share no pixel:
// "a gap of 3 colour clocks and 2 scan lines between the boxes", "the boxes touch ...".
std::string boxGapText(int clocks, int lines);

}  // namespace pmg::collide
