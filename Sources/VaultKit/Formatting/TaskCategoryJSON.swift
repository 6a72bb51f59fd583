/// The task categories as `vault task category list --format json` and
/// `GET /api/tasks/categories` give them: `"categories": [{"name", "icon", "color"}]`,
/// in their order, an icon or colour not set as null.
extension TaskCategories.Category {
    package static func writeJSON(_ categories: [Self], to json: inout JSONWriter) {
        json.key("categories"); json.objects(categories) { json, category in
            json.key("name"); json.string(category.name)
            json.key("icon"); json.string(category.icon)
            json.key("color"); json.string(category.color)
        }
    }
}
