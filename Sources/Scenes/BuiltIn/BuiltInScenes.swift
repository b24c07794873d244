import Foundation
import Recording

/// The scenes that come with the tool, one per behaviour of the design: run them by name
/// (`springframes render rearrange`). The same texts are in `examples/scenes/`, as starting
/// points for a user's own scenes (a test keeps the two equal).
public enum BuiltInScenes {
    public struct Entry: Sendable {
        public var name: String
        public var summary: String
        /// The scene file's text.
        public var json: String

        /// The parsed scene (built-in scenes are valid: a test checks every one).
        public func scene() throws -> Scene {
            try Scene(data: Array(json.utf8), file: "built-in scene \"\(name)\"", defaultName: name)
        }
    }

    /// Rendered when no scene is named.
    public static let defaultName = "cluster-drag"

    public static func named(_ name: String) -> Entry? { all.first { $0.name == name } }

    public static let all: [Entry] = [
        Entry(name: "cluster-drag", summary: "three cells selected by taps, long-pressed and dragged together on four springs each", json: clusterDrag),
        Entry(name: "photo-drag", summary: "the cluster drag in a grid of photos, as in Photos: four picked, dragged together and let go", json: photoDrag),
        Entry(name: "rearrange", summary: "long-press a cell, drag it over others, page at the bottom edge, drop it", json: rearrange),
        Entry(name: "springy", summary: "Messages-style springy scrolling: cells far from the finger lag and catch up", json: springy),
        Entry(name: "interactive-movement", summary: "iOS 9 interactive movement: the other cells make room live", json: interactiveMovement),
        Entry(name: "line", summary: "a horizontal carousel whose centred cells zoom, flicked and snapping to a cell", json: line),
        Entry(name: "waterfall", summary: "three columns of varied heights, shortest column first, scrolled", json: waterfall),
        Entry(name: "circle", summary: "cells on a circle; one is moved half way round and the others make room", json: circle),
        Entry(name: "flow-sections", summary: "a flow layout with three sections, headers and footers, scrolled and tapped", json: flowSections),
        Entry(name: "settings-list", summary: "an iOS 14 inset-grouped list with headers and disclosure rows, tapped and scrolled", json: settingsList),
        Entry(name: "carousel-grid", summary: "a compositional grid under a carousel that pages a centred card at a time", json: carouselGrid),
        Entry(name: "list-updates", summary: "a plain list whose rows are deleted, inserted and moved with UIKit's batch animations", json: listUpdates),
    ]

    static let settingsList = """
    {
      "name": "settings-list",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#F2F2F7" },
      "fps": 60,
      "duration": 3.5,
      "collection": {
        "sections": [
          { "header": "Network", "items": [
            { "text": "Wi-Fi", "subtitle": "Home" }, { "text": "Bluetooth", "subtitle": "On" }, { "text": "Cellular" },
            { "text": "Personal Hotspot", "subtitle": "Off" } ] },
          { "header": "Notifications", "items": [
            { "text": "Sounds & Haptics" }, { "text": "Focus" }, { "text": "Screen Time" } ] },
          { "header": "General", "footer": "Updates install overnight.", "items": [
            { "text": "About" }, { "text": "Software Update" }, { "text": "Storage" }, { "text": "Background App Refresh" },
            { "text": "Date & Time" }, { "text": "Keyboard" }, { "text": "Fonts" }, { "text": "Language & Region" },
            { "text": "Dictionary" }, { "text": "VPN & Device Management" }, { "text": "Legal & Regulatory" },
            { "text": "Transfer or Reset" }, { "text": "Shut Down" } ] }
        ],
        "layout": { "type": "list", "appearance": "insetGrouped", "accessory": "disclosure" }
      },
      "touches": [
        { "at": 0.4, "tap": [195, 104] },
        { "at": 1.2, "down": [195, 700] },
        { "at": 1.3, "move": [195, 300], "duration": 0.25, "curve": "linear" },
        { "at": 1.55, "up": true }
      ]
    }

    """

    static let carouselGrid = """
    {
      "name": "carousel-grid",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 4.5,
      "collection": {
        "sections": [
          { "header": "Featured", "items": 6 },
          { "header": "All", "items": 60 }
        ],
        "layout": { "type": "compositional", "headerHeight": 36,
                    "sections": [
                      { "columns": 1, "groupWidth": 0.8, "itemHeight": 200, "spacing": 12, "scrolling": "groupPagingCentered",
                        "inset": [8, 16, 16, 16] },
                      { "columns": 3, "itemHeight": 110, "spacing": 8, "inset": [8, 16, 16, 16] }
                    ] }
      },
      "style": { "cell": { "color": "#5AC8FA", "cornerRadius": 12 } },
      "touches": [
        { "at": 0.4, "down": [300, 150] },
        { "at": 0.5, "move": [140, 152], "duration": 0.12, "curve": "linear" },
        { "at": 0.62, "up": true },
        { "at": 1.5, "down": [300, 150] },
        { "at": 1.6, "move": [140, 152], "duration": 0.12, "curve": "linear" },
        { "at": 1.72, "up": true },
        { "at": 2.7, "down": [195, 700] },
        { "at": 2.8, "move": [195, 420], "duration": 0.2, "curve": "linear" },
        { "at": 3.0, "up": true }
      ]
    }

    """

    static let listUpdates = """
    {
      "name": "list-updates",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 3.5,
      "collection": {
        "items": [
          { "text": "Milk" }, { "text": "Eggs" }, { "text": "Bread" }, { "text": "Apples" }, { "text": "Coffee" },
          { "text": "Rice" }, { "text": "Tomatoes" }, { "text": "Cheese" }
        ],
        "layout": { "type": "list", "appearance": "plain", "accessory": "checkmark" }
      },
      "updates": [
        { "at": 0.5, "delete": [1, 3] },
        { "at": 1.3, "insert": [0, 2], "items": [{ "text": "Oranges" }, { "text": "Butter" }] },
        { "at": 2.1, "move": [5, 0] },
        { "at": 2.9, "delete": [7], "insert": [3], "items": [{ "text": "Honey" }] }
      ]
    }

    """

    static let clusterDrag = """
    {
      "name": "cluster-drag",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 5.5,
      "collection": {
        "items": 1000,
        "layout": { "type": "flow", "itemSize": [60, 60], "minimumInteritemSpacing": 10,
                    "minimumLineSpacing": 10, "sectionInset": [16, 16, 16, 16] },
        "interaction": { "type": "clusterDrag", "frequency": 8, "damping": 0.6 }
      },
      "style": { "cell": { "color": "#808080", "selectedColor": "#FF0000", "cornerRadius": 8 } },
      "touches": [
        { "at": 0.2, "tap": [195, 116] },
        { "at": 0.45, "tap": [270, 116] },
        { "at": 0.7, "tap": [195, 186] },
        { "at": 0.95, "tap": [270, 186] },
        { "at": 1.2, "down": [232, 151] },
        { "at": 1.8, "move": [200, 560], "duration": 1.0, "curve": "easeInOut" },
        { "at": 3.0, "move": [250, 190], "duration": 0.8, "curve": "easeInOut" },
        { "at": 4.0, "up": true }
      ]
    }

    """

    static let photoDrag = """
    {
      "name": "photo-drag",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 5.5,
      "collection": {
        "items": [
          { "image": "sample:1" }, { "image": "sample:2" }, { "image": "sample:3" }, { "image": "sample:4" },
          { "image": "sample:5" }, { "image": "sample:6" }, { "image": "sample:7" }, { "image": "sample:8" },
          { "image": "sample:9" }, { "image": "sample:10" }, { "image": "sample:11" }, { "image": "sample:12" },
          { "image": "sample:13" }, { "image": "sample:14" }, { "image": "sample:15" }, { "image": "sample:16" },
          { "image": "sample:17" }, { "image": "sample:18" }, { "image": "sample:19" }, { "image": "sample:20" },
          { "image": "sample:21" }, { "image": "sample:22" }, { "image": "sample:23" }, { "image": "sample:24" },
          { "image": "sample:25" }, { "image": "sample:26" }, { "image": "sample:27" }, { "image": "sample:28" },
          { "image": "sample:29" }, { "image": "sample:30" }, { "image": "sample:31" }, { "image": "sample:32" },
          { "image": "sample:33" }, { "image": "sample:34" }, { "image": "sample:35" }, { "image": "sample:36" },
          { "image": "sample:37" }, { "image": "sample:38" }, { "image": "sample:39" }, { "image": "sample:40" },
          { "image": "sample:41" }, { "image": "sample:42" }, { "image": "sample:43" }, { "image": "sample:44" },
          { "image": "sample:45" }, { "image": "sample:46" }, { "image": "sample:47" }, { "image": "sample:48" },
          { "image": "sample:49" }, { "image": "sample:50" }, { "image": "sample:51" }, { "image": "sample:52" },
          { "image": "sample:53" }, { "image": "sample:54" }, { "image": "sample:55" }, { "image": "sample:56" },
          { "image": "sample:57" }, { "image": "sample:58" }, { "image": "sample:59" }, { "image": "sample:60" }
        ],
        "layout": { "type": "flow", "itemSize": [96, 96], "minimumInteritemSpacing": 2,
                    "minimumLineSpacing": 2, "sectionInset": [0, 0, 0, 0] },
        "interaction": { "type": "clusterDrag", "frequency": 8, "damping": 0.6 }
      },
      "style": { "cell": { "template": "photo", "selectedColor": "systemBlue", "cornerRadius": 0 } },
      "touches": [
        { "at": 0.2, "tap": [146, 146] },
        { "at": 0.45, "tap": [244, 146] },
        { "at": 0.7, "tap": [146, 244] },
        { "at": 0.95, "tap": [244, 244] },
        { "at": 1.2, "down": [195, 195] },
        { "at": 1.8, "move": [200, 600], "duration": 1.0, "curve": "easeInOut" },
        { "at": 3.0, "move": [250, 230], "duration": 0.8, "curve": "easeInOut" },
        { "at": 4.0, "up": true }
      ]
    }

    """

    static let rearrange = """
    {
      "name": "rearrange",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 5.0,
      "collection": {
        "items": 100,
        "layout": { "type": "flow", "itemSize": [80, 80], "minimumInteritemSpacing": 10,
                    "minimumLineSpacing": 10, "sectionInset": [16, 16, 16, 16] },
        "interaction": { "type": "rearrange", "edgeScrolling": "paged" }
      },
      "style": { "cell": { "color": "#5856D6", "cornerRadius": 12, "fontSize": 22 } },
      "touches": [
        { "at": 0.2, "down": [148, 56] },
        { "at": 0.6, "move": [241, 236], "duration": 0.8, "curve": "easeInOut" },
        { "at": 1.6, "move": [241, 832], "duration": 0.6, "curve": "easeIn" },
        { "at": 3.4, "move": [241, 500], "duration": 0.5, "curve": "easeOut" },
        { "at": 4.1, "up": true }
      ]
    }

    """

    static let springy = """
    {
      "name": "springy",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 4.0,
      "collection": {
        "items": [
              { "text": "Are you on your way?", "side": "left" },
              { "text": "Leaving now", "side": "right" },
              { "text": "Train or bus?", "side": "left" },
              { "text": "Train, the 8:15", "side": "right" },
              { "text": "See you at the station", "side": "left" },
              { "text": "Great, I'll be by the clock", "side": "right" },
              { "text": "Bring the tickets!", "side": "left" },
              { "text": "Got them", "side": "right" },
              { "text": "Running 5 min late", "side": "left" },
              { "text": "No problem", "side": "right" },
              { "text": "Coffee first?", "side": "left" },
              { "text": "Yes please ☕", "side": "right" },
              { "text": "Are you on your way?", "side": "left" },
              { "text": "Leaving now", "side": "right" },
              { "text": "Train or bus?", "side": "left" },
              { "text": "Train, the 8:15", "side": "right" },
              { "text": "See you at the station", "side": "left" },
              { "text": "Great, I'll be by the clock", "side": "right" },
              { "text": "Bring the tickets!", "side": "left" },
              { "text": "Got them", "side": "right" },
              { "text": "Running 5 min late", "side": "left" },
              { "text": "No problem", "side": "right" },
              { "text": "Coffee first?", "side": "left" },
              { "text": "Yes please ☕", "side": "right" },
              { "text": "Are you on your way?", "side": "left" },
              { "text": "Leaving now", "side": "right" },
              { "text": "Train or bus?", "side": "left" },
              { "text": "Train, the 8:15", "side": "right" },
              { "text": "See you at the station", "side": "left" },
              { "text": "Great, I'll be by the clock", "side": "right" },
              { "text": "Bring the tickets!", "side": "left" },
              { "text": "Got them", "side": "right" },
              { "text": "Running 5 min late", "side": "left" },
              { "text": "No problem", "side": "right" },
              { "text": "Coffee first?", "side": "left" },
              { "text": "Yes please ☕", "side": "right" },
              { "text": "Are you on your way?", "side": "left" },
              { "text": "Leaving now", "side": "right" },
              { "text": "Train or bus?", "side": "left" },
              { "text": "Train, the 8:15", "side": "right" },
              { "text": "See you at the station", "side": "left" },
              { "text": "Great, I'll be by the clock", "side": "right" },
              { "text": "Bring the tickets!", "side": "left" },
              { "text": "Got them", "side": "right" },
              { "text": "Running 5 min late", "side": "left" },
              { "text": "No problem", "side": "right" },
              { "text": "Coffee first?", "side": "left" },
              { "text": "Yes please ☕", "side": "right" },
              { "text": "Are you on your way?", "side": "left" },
              { "text": "Leaving now", "side": "right" },
              { "text": "Train or bus?", "side": "left" },
              { "text": "Train, the 8:15", "side": "right" },
              { "text": "See you at the station", "side": "left" },
              { "text": "Great, I'll be by the clock", "side": "right" },
              { "text": "Bring the tickets!", "side": "left" },
              { "text": "Got them", "side": "right" },
              { "text": "Running 5 min late", "side": "left" },
              { "text": "No problem", "side": "right" },
              { "text": "Coffee first?", "side": "left" },
              { "text": "Yes please ☕", "side": "right" }
            ],
        "layout": { "type": "flow", "itemSize": [390, 44], "minimumInteritemSpacing": 0,
                    "minimumLineSpacing": 6, "sectionInset": [16, 0, 16, 0] },
        "interaction": { "type": "springyScroll", "frequency": 6.8, "damping": 1, "resistance": 0.002 }
      },
      "style": { "cell": { "template": "bubble", "cornerRadius": 0, "fontSize": 17 } },
      "touches": [
        { "at": 0.3, "down": [200, 760] },
        { "at": 0.3, "move": [200, 260], "duration": 0.45, "curve": "linear" },
        { "at": 0.75, "up": true },
        { "at": 2.6, "down": [200, 300] },
        { "at": 2.6, "move": [200, 520], "duration": 0.35, "curve": "linear" },
        { "at": 2.95, "up": true }
      ]
    }

    """

    static let interactiveMovement = """
    {
      "name": "interactive-movement",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#F2F2F7" },
      "fps": 60,
      "duration": 3.6,
      "collection": {
        "items": 30,
        "layout": { "type": "flow", "itemSize": [110, 110], "minimumInteritemSpacing": 10,
                    "minimumLineSpacing": 10, "sectionInset": [16, 16, 16, 16] },
        "interaction": { "type": "interactiveMovement" }
      },
      "style": { "cell": { "color": "#FF9500", "cornerRadius": 16, "fontSize": 28 } },
      "touches": [
        { "at": 0.2, "down": [71, 71] },
        { "at": 0.8, "move": [195, 311], "duration": 1.0, "curve": "easeInOut" },
        { "at": 1.9, "move": [319, 431], "duration": 0.6, "curve": "easeInOut" },
        { "at": 2.7, "up": true }
      ]
    }

    """

    static let line = """
    {
      "name": "line",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#1C1C1E" },
      "fps": 60,
      "duration": 4.0,
      "collection": {
        "items": 30,
        "layout": { "type": "line", "itemSize": [160, 160], "minimumLineSpacing": 40,
                    "activeDistance": 200, "zoomFactor": 0.3 },
        "interaction": { "type": "none" }
      },
      "style": { "cell": { "color": "#30D158", "cornerRadius": 24, "fontSize": 48 } },
      "touches": [
        { "at": 0.3, "down": [330, 422] },
        { "at": 0.3, "move": [90, 422], "duration": 0.15, "curve": "linear" },
        { "at": 0.45, "up": true },
        { "at": 2.3, "down": [90, 422] },
        { "at": 2.3, "move": [300, 422], "duration": 0.15, "curve": "linear" },
        { "at": 2.45, "up": true }
      ]
    }

    """

    static let waterfall = """
    {
      "name": "waterfall",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 3.5,
      "seed": 7,
      "collection": {
        "items": 120,
        "layout": { "type": "waterfall", "columns": 3, "columnSpacing": 8, "itemSpacing": 8,
                    "sectionInset": [16, 16, 16, 16], "heightRange": [80, 220] }
      },
      "style": { "cell": { "color": "#AF52DE", "cornerRadius": 10 } },
      "touches": [
        { "at": 0.4, "down": [195, 720] },
        { "at": 0.4, "move": [195, 320], "duration": 0.5, "curve": "linear" },
        { "at": 0.9, "up": true }
      ]
    }

    """

    static let circle = """
    {
      "name": "circle",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 3.2,
      "collection": {
        "items": 12,
        "layout": { "type": "circle", "itemSize": [70, 70] },
        "interaction": { "type": "interactiveMovement" },
        "selected": [0]
      },
      "style": { "cell": { "color": "#8E8E93", "selectedColor": "#FF3B30", "cornerRadius": 35 } },
      "touches": [
        { "at": 0.2, "down": [351, 422] },
        { "at": 0.9, "move": [39, 422], "duration": 1.2, "curve": "easeInOut" },
        { "at": 2.3, "up": true }
      ]
    }

    """

    static let flowSections = """
    {
      "name": "flow-sections",
      "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
      "fps": 60,
      "duration": 3.5,
      "collection": {
        "sections": [
          { "items": 7, "header": "Favourites", "footer": "7 items" },
          { "items": 13, "header": "Recent", "footer": "13 items" },
          { "items": 24, "header": "All photos", "footer": "24 items" }
        ],
        "layout": { "type": "flow", "itemSize": [80, 80], "minimumInteritemSpacing": 10,
                    "minimumLineSpacing": 10, "sectionInset": [8, 16, 8, 16],
                    "headerHeight": 44, "footerHeight": 28 },
        "allowsMultipleSelection": true
      },
      "style": {
        "cell": { "color": "#34C759", "selectedColor": "#FF3B30", "cornerRadius": 8 },
        "header": { "background": "#F2F2F7", "textColor": "#1C1C1E", "fontSize": 17 }
      },
      "touches": [
        { "at": 0.2, "tap": [56, 100] },
        { "at": 0.5, "tap": [241, 100] },
        { "at": 0.9, "down": [195, 700] },
        { "at": 0.9, "move": [195, 380], "duration": 0.5, "curve": "linear" },
        { "at": 1.4, "up": true }
      ]
    }

    """
}
