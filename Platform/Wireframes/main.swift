import AppUI

print("wireframes")
